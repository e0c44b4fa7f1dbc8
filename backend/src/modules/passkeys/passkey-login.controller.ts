import { Controller, Headers, HttpCode, Ip, Post, UseInterceptors } from '@nestjs/common';
import {
  type LoginResult,
  PASSKEY_API,
  type PasskeyLoginOptions,
  type PasskeyLoginOptionsRequest,
  passkeyLoginOptionsRequestSchema,
  type PasskeyLoginRequest,
  passkeyLoginRequestSchema,
  passkeyLoginOptionsSchema,
  loginResultSchema,
} from '@store-cloud/contracts';
import { Public } from '../../common/auth/public.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { LoginLimitInterceptor } from '../auth';
import { PasskeyLoginService } from './passkey-login.service';
import { ApiDoc } from '../../common/openapi/api-doc.decorator';

/** Signing in with a passkey: alone, or as the second factor (with the login's mfaToken). */
@Public()
@Controller()
export class PasskeyLoginController {
  constructor(private readonly login: PasskeyLoginService) {}

  @ApiDoc({
    tag: 'auth',
    summary:
      "Options for navigator.credentials.get(): a passkey alone, or with mfaToken that user's",
    answers: [
      {
        status: 200,
        description: 'WebAuthn request options (JSON form)',
        schema: passkeyLoginOptionsSchema,
      },
    ],
    // 401: an expired or foreign mfaToken; 409: its user has no passkey.
    errors: [401, 409],
  })
  @Post(PASSKEY_API.loginOptions)
  @HttpCode(200)
  options(
    @ValidBody(passkeyLoginOptionsRequestSchema) body: PasskeyLoginOptionsRequest,
  ): Promise<PasskeyLoginOptions> {
    return this.login.options(body);
  }

  /**
   * Within the login limits like a password: a failed assertion counts under the mfaToken's
   * name, or (a passkey alone names nobody until it verifies) under the address and no name.
   */
  @UseInterceptors(LoginLimitInterceptor)
  @ApiDoc({
    tag: 'auth',
    summary: "Sign in with a passkey: alone, or as the second factor with the login's mfaToken",
    description:
      'Verifies the assertion (signature, challenge once, origin, relying party, user presence, ' +
      'user verification for a passkey alone, signature counter) and answers as a login. A ' +
      'failure counts in the login limits.',
    answers: [
      { status: 200, description: 'The access token, as any login', schema: loginResultSchema },
    ],
    errors: [401, 429],
  })
  @Post(PASSKEY_API.login)
  @HttpCode(200)
  signIn(
    @ValidBody(passkeyLoginRequestSchema) body: PasskeyLoginRequest,
    @Ip() address: string,
    @Headers('user-agent') userAgent?: string,
  ): Promise<LoginResult> {
    return this.login.login(body, { address, userAgent });
  }
}
