import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import {
  type Passkey,
  PASSKEY_API,
  passkeyIdParamsSchema,
  type PasskeyRegistrationOptions,
  type RegisterPasskey,
  registerPasskeySchema,
  type RenamePasskey,
  renamePasskeySchema,
  type Success,
  toExpressPath,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { AllowDuringMfaEnrolment } from '../../common/auth/mfa-enrolment.guard';
import { ValidBody, ValidParams } from '../../common/pipes/valid-params';
import { PasskeysService } from './passkeys.service';

type IdParams = z.output<typeof passkeyIdParamsSchema>;

/**
 * The profile page's Passkeys: any signed-in user, for its own passkeys only. Open to a token
 * that must first set up a second factor (MFA_REQUIRED_ROLES): a passkey is one.
 */
@AllowDuringMfaEnrolment()
@Controller()
export class PasskeysController {
  constructor(private readonly passkeys: PasskeysService) {}

  @Get(PASSKEY_API.list)
  list(@CurrentUser() user: AuthenticatedUser): Promise<Passkey[]> {
    return this.passkeys.list(user);
  }

  @Post(PASSKEY_API.registrationOptions)
  @HttpCode(200)
  registrationOptions(@CurrentUser() user: AuthenticatedUser): Promise<PasskeyRegistrationOptions> {
    return this.passkeys.registrationOptions(user);
  }

  @Post(PASSKEY_API.list)
  register(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(registerPasskeySchema) body: RegisterPasskey,
  ): Promise<Passkey> {
    return this.passkeys.register(user, body);
  }

  @Patch(toExpressPath(PASSKEY_API.one))
  rename(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(passkeyIdParamsSchema) { id }: IdParams,
    @ValidBody(renamePasskeySchema) { name }: RenamePasskey,
  ): Promise<Passkey> {
    return this.passkeys.rename(user, id, name);
  }

  @Delete(toExpressPath(PASSKEY_API.one))
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(passkeyIdParamsSchema) { id }: IdParams,
  ): Promise<Success> {
    return this.passkeys.remove(user, id);
  }
}
