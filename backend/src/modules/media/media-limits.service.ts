import { Injectable } from '@nestjs/common';
import { AUDIT_ACTION, MEDIA_RULE_TEXT, type MediaCompany } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { IntegrationCompaniesRepository } from '../companies';
import { MediaAudit } from './media-audit';
import { MediaCompanies } from './media-companies';
import { MediaError } from './media.errors';

export type MediaLimit = 'mediaFileLimit' | 'tagLimit';

/** A company's media file and tag limits (spec media §5); the routes admit ADMIN and SUPER-ADMIN. */
@Injectable()
export class MediaLimitsService {
  constructor(
    private readonly companies: IntegrationCompaniesRepository,
    private readonly mediaCompanies: MediaCompanies,
    private readonly audit: MediaAudit,
  ) {}

  async updateLimit(
    user: AuthenticatedUser,
    field: MediaLimit,
    body: { companyId: number; newLimit: number },
  ): Promise<MediaCompany> {
    const company = await this.mediaCompanies.find(body.companyId);
    const tags = company.tagsList?.length ?? 0;
    if (field === 'tagLimit' && body.newLimit < tags)
      throw MediaError.invalid(MEDIA_RULE_TEXT.tagLimitBelowTags(tags));
    await this.companies.setLimit(company.companyId, field, body.newLimit);
    await this.audit.record(user, AUDIT_ACTION.mediaLimit, company, String(company.companyId), {
      before: { [field]: company[field] },
      after: { [field]: body.newLimit },
    });
    return this.mediaCompanies.current(company.companyId);
  }
}
