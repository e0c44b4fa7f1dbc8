import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { EntryGuard } from '../../common/auth/require-entry';
import { AccessGuard } from '../../common/auth/require-access';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { JwtAuthGuard } from '../../common/auth/jwt-auth.guard';
import { hmacKey } from '../../common/auth/hmac-key';
import { ConfigService } from '../../config/config.service';
import { ApiTokensModule } from '../apitokens';
import { SessionsModule } from '../sessions';
import { UsersModule } from '../users';
import { SsoIdentityModule } from '../sso-identities';
import { AccessTokenService } from './access-token.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { LoginLimitInterceptor } from './login-limit.interceptor';
import { LoginLimits } from './login-limits';
import { MfaTokenService } from './mfa-token.service';
import { MfaEnrolmentGuard } from '../../common/auth/mfa-enrolment.guard';
import { TokenInfoController } from './token-info.controller';

@Module({
  imports: [
    UsersModule,
    SessionsModule,
    SsoIdentityModule,
    // Integrations' API tokens (issue 27): JwtAuthGuard asks it who a `Bearer sc_…` is.
    ApiTokensModule,
    PassportModule,
    JwtModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService) => ({
        secret: hmacKey(config.get('jwtSecret')),
        signOptions: {
          algorithm: 'HS256',
          // Checked against jsonwebtoken's format by the config schema.
          expiresIn: config.get('jwtExpiresIn') as number,
        },
      }),
    }),
  ],
  controllers: [AuthController, TokenInfoController],
  providers: [
    AuthService,
    AccessTokenService,
    JwtStrategy,
    // The login limits live in Redis (under REDIS_PREFIX), so every backend node shares them.
    LoginLimits,
    LoginLimitInterceptor,
    MfaTokenService,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    // Right after it: an enrolment-only token (MFA_REQUIRED_ROLES) reaches only its routes.
    { provide: APP_GUARD, useClass: MfaEnrolmentGuard },
    // After the JWT guard (global guards run in this order): it needs the user.
    { provide: APP_GUARD, useClass: EntryGuard },
    // Last: the screen is allowed, now the company or store the request names.
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  // AuthService.completeLogin ends every kind of login; MfaTokenService and the limits serve
  // the second steps (mfa, passkeys).
  exports: [AccessTokenService, AuthService, MfaTokenService, LoginLimits, LoginLimitInterceptor],
})
export class AuthModule {}
