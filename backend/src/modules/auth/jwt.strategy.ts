import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ACCESS_TOKEN_HEADER } from '@store-cloud/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
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
      secretOrKey: config.get('jwtSecret'),
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(payload: unknown): Promise<AuthenticatedUser> {
    return this.tokens.principalOf(payload);
  }
}
