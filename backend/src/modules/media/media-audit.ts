import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditTargetType } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { AuditService } from '../audit';
import type { StoredIntegrationCompany } from '../companies';

/** One audit entry of a media change of a company (issue 17). */
@Injectable()
export class MediaAudit {
  constructor(private readonly audit: AuditService) {}

  record(
    user: AuthenticatedUser,
    action: AuditAction,
    company: StoredIntegrationCompany,
    target: string,
    change: { before: object; after: object },
    targetType: AuditTargetType = 'media',
  ): Promise<void> {
    return this.audit.record(user, {
      action,
      targetType,
      target,
      companies: [company.companyId],
      before: change.before,
      after: change.after,
    });
  }
}
