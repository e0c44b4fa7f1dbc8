import { Controller, Headers, HttpCode, Ip, Post, UseInterceptors } from '@nestjs/common';
import {
  API,
  type LoginRequest,
  type LoginResult,
  loginRequestSchema,
} from '@store-cloud/contracts';
import { Public } from '../../common/auth/public.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { AuthService } from './auth.service';
import { LoginLimitInterceptor } from './login-limit.interceptor';
import { LoginMetricsInterceptor } from './login-metrics.interceptor';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  /** Limited per address, per name and per both (LOGIN_LIMITS) against guessing and spraying. */
  @Public()
  @UseInterceptors(LoginMetricsInterceptor, LoginLimitInterceptor)
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
