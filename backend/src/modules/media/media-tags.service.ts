import { Injectable } from '@nestjs/common';
import { AUDIT_ACTION, type MediaCompany } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { IntegrationCompaniesRepository } from '../companies';
import { MediaAudit } from './media-audit';
import { configuredFolder, MediaCompanies } from './media-companies';
import { MediaError } from './media.errors';

/** Store Tags (spec media §7): which of its company's tags a store shows. */
@Injectable()
export class MediaTagsService {
  constructor(
    private readonly companies: IntegrationCompaniesRepository,
    private readonly mediaCompanies: MediaCompanies,
    private readonly audit: MediaAudit,
  ) {}

  async saveTagChanges(
    user: AuthenticatedUser,
    body: { companyId: number; storeId: number; tags: string[] },
  ): Promise<MediaCompany> {
    const company = await this.mediaCompanies.find(body.companyId);
    configuredFolder(company);
    const unknown = body.tags.filter((t) => !(company.tagsList ?? []).includes(t));
    if (unknown.length)
      throw MediaError.invalid(`Unknown tags for this company: ${unknown.join(', ')}`);
    const tags = [...new Set(body.tags)];
    if (!(await this.companies.setStoreTags(company.companyId, body.storeId, tags)))
      throw MediaError.notFound(`Store ${body.storeId} is not a store of this company`);
    const store = company.stores.find((st) => st.storeId === body.storeId);
    await this.audit.record(
      user,
      AUDIT_ACTION.mediaTags,
      company,
      `${company.companyId}/${body.storeId}`,
      { before: { tags: store?.tags ?? [] }, after: { tags } },
      'store',
    );
    return this.mediaCompanies.current(company.companyId);
  }
}
