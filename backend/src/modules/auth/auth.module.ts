import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { EntryGuard } from '../../common/auth/require-entry';
import { AccessGuard } from '../../common/auth/require-access';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { ThrottlerModule } from '@nestjs/throttler';
import { JwtAuthGuard } from '../../common/auth/jwt-auth.guard';
import { hmacKey } from '../../common/auth/hmac-key';
import { ConfigService } from '../../config/config.service';
import { RedisService } from '../redis/redis.service';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AccessTokenService } from './access-token.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { TokenInfoController } from './token-info.controller';

/** Generous enough that no test or person logging in by hand meets it; it stops brute force. */
const LOGIN_LIMIT = { ttl: 60_000, limit: 60 };

@Module({
  imports: [
    UsersModule,
    SessionsModule,
    PassportModule,
    // The counts live in Redis (under REDIS_PREFIX), so every backend node shares them.
    ThrottlerModule.forRootAsync({
      inject: [RedisService],
      useFactory: (redis: RedisService) => ({
        throttlers: [{ name: 'login', ...LOGIN_LIMIT }],
        storage: new ThrottlerStorageRedisService(redis.client),
      }),
    }),
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
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    // After the JWT guard (global guards run in this order): it needs the user.
    { provide: APP_GUARD, useClass: EntryGuard },
    // Last: the screen is allowed, now the company or store the request names.
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AccessTokenService],
})
export class AuthModule {}
