import { Controller, Headers, HttpCode, Ip, Post, UseInterceptors } from '@nestjs/common';
import {
  type LoginResult,
  MFA_API,
  type MfaLoginRequest,
  mfaLoginRequestSchema,
  loginResultSchema,
} from '@store-cloud/contracts';
import { Public } from '../../common/auth/public.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { LoginLimitInterceptor } from '../auth';
import { MfaService } from './mfa.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

/** The login's second step: within the login limits, under the name the mfaToken carries. */
@Controller()
export class MfaLoginController {
  constructor(private readonly mfa: MfaService) {}

  @Public()
  @UseInterceptors(LoginLimitInterceptor)
  @ApiDoc({
    tag: 'auth',
    summary: 'Complete a login that answered mfaRequired with a TOTP or recovery code',
    answers: ok(loginResultSchema, 'The access token, as a login without a second factor'),
    // 401: a wrong, used or replayed code, or an expired mfaToken; counted in the login limits.
    errors: [401, 429],
  })
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
