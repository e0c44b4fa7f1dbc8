import { Injectable } from '@nestjs/common';
import { hasStoreAccess, type SiteTokenInfo, type User } from '@store-cloud/contracts';
import { Clock } from '../../common/clock/clock';
import { LiveStatusService } from '../live-status';
import { PortalConnectionsRepository } from '../portal-connections';
import { SessionsService } from '../sessions';
import { UserAccessCache } from '../users';
import { LastAccessedThrottle } from './last-accessed-throttle';
import { type SiteTokenClaims, SiteTokenService } from './site-token.service';
import { SiteError } from './sites.errors';

/** A caller holding a valid site token of an open connection, and the user behind it now. */
export type SiteCaller = SiteTokenClaims & { exp: number; principal: User };

/**
 * Who holds a site token (the relay's authorization, spec §4): the token, its user's current
 * access and session, and its connection still open.
 */
@Injectable()
export class SiteAuthService {
  constructor(
    private readonly tokens: SiteTokenService,
    private readonly users: UserAccessCache,
    private readonly sessions: SessionsService,
    private readonly connections: PortalConnectionsRepository,
    private readonly accessWrites: LastAccessedThrottle,
    private readonly clock: Clock,
    private readonly live: LiveStatusService,
  ) {}

  /**
   * Checks a site token, its user's current access, and that its connection is still open, and
   * refreshes the connection's lastAccessed (a peek: lastSeen only). An expired token, a user who
   * lost access, or a closed connection is SITE_CONNECTION_CLOSED (/timeout).
   */
  async authenticate(token: string | undefined, { peek = false } = {}): Promise<SiteCaller> {
    if (!token) throw SiteError.unauthenticated('Site token required');
    const claims = await this.tokens.verify(token);
    // The token is only as good as its user's current access (issue 13): an administrator's
    // change applies on the next call, and the connection of a user who lost it ends.
    const principal = await this.users.get(claims.sub);
    // Its portal session ended (Logout, End, a password change or reset: issue 23).
    const live =
      typeof claims.sid === 'string' &&
      typeof claims.gen === 'number' &&
      (await this.sessions.isLive({ sid: claims.sid, sub: claims.sub, gen: claims.gen }));
    if (!live || !principal?.enabled || !hasStoreAccess(principal, claims.company, claims.store)) {
      if (await this.connections.close(claims.company, claims.store, { cid: claims.cid }))
        this.live.changed();
      throw SiteError.connectionClosed();
    }
    // A peek (the portal's heartbeat) shows the portal is still there, but must not keep an
    // idle connection open: it moves lastSeen only. A call writes lastAccessed at most once a
    // second per connection; in between the connection is open as long as this node heard of
    // no close, or (while it cannot hear them) as Redis says.
    const now = this.clock.now();
    const ms = now.getTime();
    const write = peek || this.accessWrites.isDue(claims.cid, ms);
    const open = write
      ? await this.connections.touch(claims.company, claims.store, claims.cid, now, { peek })
      : this.accessWrites.isKnownOpen(claims.cid, ms) ||
        (await this.connections.isOpen(claims.company, claims.store, claims.cid));
    if (!open) {
      this.accessWrites.forget(claims.cid);
      const byAdmin = await this.connections.wasClosedByAdmin(claims.cid);
      throw SiteError.connectionClosed({ byAdmin });
    }
    if (write && !peek) this.accessWrites.wrote(claims.cid, claims.company, claims.store, ms);
    return { ...claims, principal };
  }

  async tokenInfo(token: string, { peek = false } = {}): Promise<SiteTokenInfo> {
    const claims = await this.authenticate(token, { peek });
    return {
      user: claims.user,
      company: claims.company,
      store: claims.store,
      expires: new Date(claims.exp * 1000).toISOString(),
    };
  }
}
