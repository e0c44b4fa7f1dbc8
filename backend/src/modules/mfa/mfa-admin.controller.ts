import { Controller, Patch } from '@nestjs/common';
import {
  MFA_API,
  type ResetUserMfaRequest,
  resetUserMfaRequestSchema,
  type Success,
  successSchema,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody } from '../../common/pipes/valid-params';
import { MfaService } from './mfa.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

/** Edit user's Reset second factor: administrators, for users they may manage. */
@Controller()
@RequireEntry('users', 'Only administrators may manage users')
export class MfaAdminController {
  constructor(private readonly mfa: MfaService) {}

  @ApiDoc({
    tag: 'users',
    summary: "Reset a user's second factors (TOTP, recovery codes, passkeys)",
    answers: ok(successSchema),
    errors: [403, 404],
  })
  @Patch(MFA_API.adminReset)
  reset(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(resetUserMfaRequestSchema) body: ResetUserMfaRequest,
  ): Promise<Success> {
    return this.mfa.reset(caller, body.userId);
  }
}
