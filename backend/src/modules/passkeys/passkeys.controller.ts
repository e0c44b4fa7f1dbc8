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
  passkeyListSchema,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  successSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { AllowDuringMfaEnrolment } from '../../common/auth/mfa-enrolment.guard';
import { ValidBody, ValidParams } from '../../common/pipes/valid-params';
import { PasskeysService } from './passkeys.service';
import { ApiDoc } from '../../common/openapi/api-doc.decorator';

type IdParams = z.output<typeof passkeyIdParamsSchema>;

/**
 * The profile page's Passkeys: any signed-in user, for its own passkeys only. Open to a token
 * that must first set up a second factor (MFA_REQUIRED_ROLES): a passkey is one.
 */
@AllowDuringMfaEnrolment()
@Controller()
export class PasskeysController {
  constructor(private readonly passkeys: PasskeysService) {}

  @ApiDoc({
    tag: 'auth',
    summary: "The caller's own passkeys",
    security: ['accessToken'],
    answers: [
      { status: 200, description: 'The passkeys, oldest first', schema: passkeyListSchema },
    ],
  })
  @Get(PASSKEY_API.list)
  list(@CurrentUser() user: AuthenticatedUser): Promise<Passkey[]> {
    return this.passkeys.list(user);
  }

  @ApiDoc({
    tag: 'auth',
    summary: 'Options for navigator.credentials.create(): a new challenge, good once for 5 minutes',
    security: ['accessToken'],
    answers: [
      {
        status: 200,
        description: 'WebAuthn creation options (JSON form)',
        schema: passkeyRegistrationOptionsSchema,
      },
    ],
    // 409: the caller has PASSKEY_MAX_PER_USER passkeys already.
    errors: [409],
  })
  @Post(PASSKEY_API.registrationOptions)
  @HttpCode(200)
  registrationOptions(@CurrentUser() user: AuthenticatedUser): Promise<PasskeyRegistrationOptions> {
    return this.passkeys.registrationOptions(user);
  }

  @ApiDoc({
    tag: 'auth',
    summary: "Register a passkey: the authenticator's answer to the options, and a name",
    description:
      "Verified against the caller's challenge, WEBAUTHN_ORIGIN and WEBAUTHN_RP_ID (attestation " +
      "none). The first passkey adds 'passkey' to the user's second factors.",
    security: ['accessToken'],
    answers: [{ status: 201, description: 'The new passkey', schema: passkeySchema }],
    // 400 also: an answer that does not verify, or an expired or used challenge.
    errors: [409],
  })
  @Post(PASSKEY_API.list)
  register(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(registerPasskeySchema) body: RegisterPasskey,
  ): Promise<Passkey> {
    return this.passkeys.register(user, body);
  }

  @ApiDoc({
    tag: 'auth',
    summary: "Rename one of the caller's passkeys",
    security: ['accessToken'],
    answers: [{ status: 200, description: 'The renamed passkey', schema: passkeySchema }],
    errors: [404],
  })
  @Patch(toExpressPath(PASSKEY_API.one))
  rename(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(passkeyIdParamsSchema) { id }: IdParams,
    @ValidBody(renamePasskeySchema) { name }: RenamePasskey,
  ): Promise<Passkey> {
    return this.passkeys.rename(user, id, name);
  }

  @ApiDoc({
    tag: 'auth',
    summary:
      "Remove one of the caller's passkeys; the last one takes 'passkey' off its second factors",
    security: ['accessToken'],
    answers: [{ status: 200, description: 'Removed', schema: successSchema }],
    errors: [404],
  })
  @Delete(toExpressPath(PASSKEY_API.one))
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(passkeyIdParamsSchema) { id }: IdParams,
  ): Promise<Success> {
    return this.passkeys.remove(user, id);
  }
}
