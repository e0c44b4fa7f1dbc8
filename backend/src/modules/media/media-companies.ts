import { Injectable } from '@nestjs/common';
import {
  hasCompanyInScope,
  MEDIA_VALIDATION_TEXT,
  type MediaCompany,
} from '@store-cloud/contracts';
import { requireCompanyAccess } from '../../common/auth/access';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import {
  CompanyError,
  ConnectedCompaniesView,
  IntegrationCompaniesRepository,
  type StoredIntegrationCompany,
} from '../companies';
import { MediaError } from './media.errors';

/** The company's media folder; refused while the company is not configured for media. */
export function configuredFolder(company: StoredIntegrationCompany): string {
  if (!company.mediaFolderName)
    throw MediaError.invalid(MEDIA_VALIDATION_TEXT.companyNotConfigured);
  return company.mediaFolderName;
}

export const toMediaCompany = (c: StoredIntegrationCompany): MediaCompany => ({
  companyId: c.companyId,
  companyName: c.companyName,
  ...(c.mediaFolderName ? { mediaFolderName: c.mediaFolderName } : {}),
  tagsList: c.tagsList ?? [],
  mediaFileLimit: c.mediaFileLimit,
  tagLimit: c.tagLimit,
  stores: c.stores.map((s) => ({ storeId: s.storeId, storeName: s.storeName, tags: s.tags ?? [] })),
});

/** The companies as central media sees them: looked up, listed, answered after a change. */
@Injectable()
export class MediaCompanies {
  constructor(
    private readonly companies: IntegrationCompaniesRepository,
    private readonly connected: ConnectedCompaniesView,
  ) {}

  async list(user: AuthenticatedUser): Promise<MediaCompany[]> {
    return (await this.connected.list())
      .filter((c) => hasCompanyInScope(user, c.companyId))
      .map(toMediaCompany);
  }

  /**
   * The company a request names. The media app is the route's @RequireEntry and the caller's
   * access to the company its @RequireAccess.
   */
  async find(companyId: number): Promise<StoredIntegrationCompany> {
    const company = await this.companies.findOne(companyId);
    if (!company) throw CompanyError.notFound(companyId);
    return company;
  }

  /** The company whose media folder this is. */
  async findByFolder(folder: string): Promise<StoredIntegrationCompany> {
    const company = await this.companies.findByMediaFolder(folder);
    if (!company) throw MediaError.notFound(`The media folder ${folder} does not exist`);
    return company;
  }

  /** The company of a stored schedule or media folder: no route names it, so access is checked here. */
  ofStored(user: AuthenticatedUser, companyId: number): Promise<StoredIntegrationCompany> {
    requireCompanyAccess(user, [companyId]);
    return this.find(companyId);
  }

  /** The company as a change left it (the answer of every folder, tag and limit change). */
  async current(companyId: number): Promise<MediaCompany> {
    return toMediaCompany(await this.find(companyId));
  }

  /** Throws CompanyError.notFound when the company was removed (meanwhile). */
  async requireLive(companyId: number): Promise<void> {
    await this.find(companyId);
  }
}
