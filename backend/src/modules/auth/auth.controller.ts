import { Controller, Headers, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { LoginThrottlerGuard } from './login-throttler.guard';
import {
  API,
  type LoginRequest,
  type LoginResult,
  loginRequestSchema,
} from '@store-cloud/contracts';
import { Public } from '../../common/auth/public.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { AuthService } from './auth.service';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  /** Rate-limited per address and user name (see AuthModule) against password guessing. */
  @Public()
  @UseGuards(LoginThrottlerGuard)
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
