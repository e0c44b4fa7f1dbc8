import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ACCESS_TOKEN_HEADER, tokenPayloadSchema } from '@store-cloud/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { UnauthenticatedError } from '../../common/errors/domain.error';
import { ConfigService } from '../../config/config.service';
import { UsersRepository } from '../users/users.repository';

/**
 * Reads the portal's token from the x-access-token header. The user is loaded on every call,
 * so disabling or deleting an account refuses its tokens at once, and a changed user type or
 * application list applies without a new login.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: ConfigService,
    private readonly users: UsersRepository,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromHeader(ACCESS_TOKEN_HEADER),
      secretOrKey: config.get('jwtSecret'),
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: unknown): Promise<AuthenticatedUser> {
    const parsed = tokenPayloadSchema.safeParse(payload);
    if (!parsed.success) throw new UnauthenticatedError();
    const user = await this.users.findById(parsed.data.sub);
    if (!user || !user.enabled) throw new UnauthenticatedError();
    return {
      id: user.id,
      username: user.username,
      usertype: user.usertype,
      all: user.access.all,
      enabled: user.enabled,
      applications: user.applications,
    };
  }
}
