import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { isSystemUsername, tokenPayloadSchema } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { AccessError } from '../../common/auth/access.errors';
import { SessionsService } from '../sessions';
import { UsersRepository } from '../users';
import { AuthError } from './auth.errors';

/**
 * Who a portal access token belongs to, loaded fresh from the database, so disabling or deleting
 * an account refuses its tokens at once; and whether its session still counts (ended by Logout,
 * End, or a raised token generation: issue 23). Shared by the HTTP guard and the live socket.
 */
@Injectable()
export class AccessTokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
  ) {}

  /** The user of an already verified token payload. */
  async principalOf(payload: unknown): Promise<AuthenticatedUser> {
    const parsed = tokenPayloadSchema.safeParse(payload);
    if (!parsed.success) throw AuthError.unauthenticated();
    const { sub, sid, gen } = parsed.data;
    const user = await this.users.findById(sub);
    if (!user || !user.enabled) throw AuthError.unauthenticated();
    // Only the backend's own service tokens (a system user nobody logs in as) name no session.
    const session = sid !== undefined && gen !== undefined ? { id: sid, gen } : undefined;
    const good = session
      ? await this.sessions.isLive({ sid: session.id, sub, gen: session.gen })
      : isSystemUsername(user.username);
    if (!good) throw AuthError.unauthenticated();
    return {
      id: user.id,
      username: user.username,
      usertype: user.usertype,
      access: user.access,
      enabled: user.enabled,
      applications: user.applications,
      ...(session ? { session } : {}),
      ...(parsed.data.mfaEnrolment ? { mfaEnrolment: true as const } : {}),
    };
  }

  /**
   * Verifies signature and expiry, then loads the user. For the callers outside the HTTP guards
   * (live socket, site tokens, upload limits): an enrolment-only token is refused here.
   */
  async verify(token: string): Promise<AuthenticatedUser> {
    let payload: unknown;
    try {
      payload = await this.jwt.verifyAsync(token, { algorithms: ['HS256'] });
    } catch {
      throw AuthError.unauthenticated();
    }
    const user = await this.principalOf(payload);
    if (user.mfaEnrolment) throw AccessError.mfaEnrolmentRequired();
    return user;
  }
}
