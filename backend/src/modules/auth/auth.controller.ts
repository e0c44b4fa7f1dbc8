import { Controller, Headers, HttpCode, Ip, Post, UseInterceptors } from '@nestjs/common';
import {
  API,
  type LoginRequest,
  type LoginResult,
  loginRequestSchema,
  loginResultSchema,
} from '@store-cloud/contracts';
import { Public } from '../../common/auth/public.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { AuthService } from './auth.service';
import { LoginLimitInterceptor } from './login-limit.interceptor';
import { LoginMetricsInterceptor } from './login-metrics.interceptor';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  /** Limited per address, per name and per both (LOGIN_LIMITS) against guessing and spraying. */
  @Public()
  @UseInterceptors(LoginMetricsInterceptor, LoginLimitInterceptor)
  @ApiDoc({
    tag: 'auth',
    summary: 'Log in to the portal',
    answers: ok(loginResultSchema, 'The access token and the user'),
    // 401: a wrong name or password, or a disabled user (LOGIN_TEXT).
    errors: [401, 429],
  })
  @Post(API.login)
  @HttpCode(200)
  login(
    @ValidBody(loginRequestSchema) body: LoginRequest,
    @Ip() address: string,
    @Headers('user-agent') userAgent?: string,
  ): Promise<LoginResult> {
    return this.auth.login(body, { address, userAgent });
  }
}
