import { Controller, Headers, HttpCode, Ip, Post, UseInterceptors } from '@nestjs/common';
import {
  type LoginResult,
  PASSKEY_API,
  type PasskeyLoginOptions,
  type PasskeyLoginOptionsRequest,
  passkeyLoginOptionsRequestSchema,
  type PasskeyLoginRequest,
  passkeyLoginRequestSchema,
} from '@store-cloud/contracts';
import { Public } from '../../common/auth/public.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { LoginLimitInterceptor } from '../auth/login-limit.interceptor';
import { PasskeyLoginService } from './passkey-login.service';

/** Signing in with a passkey: alone, or as the second factor (with the login's mfaToken). */
@Public()
@Controller()
export class PasskeyLoginController {
  constructor(private readonly login: PasskeyLoginService) {}

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
