import { Controller, Patch } from '@nestjs/common';
import {
  MFA_API,
  type ResetUserMfaRequest,
  resetUserMfaRequestSchema,
  type Success,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody } from '../../common/pipes/valid-params';
import { MfaService } from './mfa.service';

/** Edit user's Reset second factor: administrators, for users they may manage. */
@Controller()
@RequireEntry('users', 'Only administrators may manage users')
export class MfaAdminController {
  constructor(private readonly mfa: MfaService) {}

  @Patch(MFA_API.adminReset)
  reset(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(resetUserMfaRequestSchema) body: ResetUserMfaRequest,
  ): Promise<Success> {
    return this.mfa.reset(caller, body.userId);
  }
}
