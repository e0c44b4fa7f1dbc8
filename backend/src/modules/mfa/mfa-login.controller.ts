import { Controller, Headers, HttpCode, Ip, Post, UseInterceptors } from '@nestjs/common';
import {
  type LoginResult,
  MFA_API,
  type MfaLoginRequest,
  mfaLoginRequestSchema,
} from '@store-cloud/contracts';
import { Public } from '../../common/auth/public.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { LoginLimitInterceptor } from '../auth/login-limit.interceptor';
import { MfaService } from './mfa.service';

/** The login's second step: within the login limits, under the name the mfaToken carries. */
@Controller()
export class MfaLoginController {
  constructor(private readonly mfa: MfaService) {}

  @Public()
  @UseInterceptors(LoginLimitInterceptor)
  @Post(MFA_API.login)
  @HttpCode(200)
  login(
    @ValidBody(mfaLoginRequestSchema) body: MfaLoginRequest,
    @Ip() address: string,
    @Headers('user-agent') userAgent?: string,
  ): Promise<LoginResult> {
    return this.mfa.login(body, { address, userAgent });
  }
}
