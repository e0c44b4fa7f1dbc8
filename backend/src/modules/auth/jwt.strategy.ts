import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ACCESS_TOKEN_HEADER } from '@store-cloud/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { hmacKey } from '../../common/auth/hmac-key';
import { ConfigService } from '../../config/config.service';
import { AccessTokenService } from './access-token.service';

/**
 * Reads the portal's token from the x-access-token header. The user is loaded on every call,
 * so disabling or deleting an account refuses its tokens at once, and a changed user type or
 * application list applies without a new login.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: ConfigService,
    private readonly tokens: AccessTokenService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromHeader(ACCESS_TOKEN_HEADER),
      // passport-jwt hands the key to jsonwebtoken, which takes a KeyObject; its types say Buffer.
      secretOrKey: hmacKey(config.get('jwtSecret')) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(payload: unknown): Promise<AuthenticatedUser> {
    return this.tokens.principalOf(payload);
  }
}
