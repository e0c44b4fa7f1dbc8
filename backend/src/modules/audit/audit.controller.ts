import { Controller, Get } from '@nestjs/common';
import {
  AUDIT_API,
  type AuditPage,
  auditQuerySchema,
  auditPageSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidQuery } from '../../common/pipes/valid-params';
import { AuditService } from './audit.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

/** The Audit screen's call (issue 17 point 1). Read only: entries are never changed or removed. */
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @ApiDoc({
    tag: 'users',
    summary:
      'The audit trail, newest first (ADMIN and SUPER-ADMIN; a company-limited one sees its companies’ entries)',
    answers: ok(auditPageSchema, 'One page of entries'),
    errors: [400, 403],
  })
  @Get(AUDIT_API.list)
  @RequireEntry('audit', 'The audit trail is for administrators')
  @RequireAccess('query', auditQuerySchema, { company: (q) => q.company })
  list(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(auditQuerySchema) query: z.output<typeof auditQuerySchema>,
  ): Promise<AuditPage> {
    return this.audit.query(user, query);
  }
}
