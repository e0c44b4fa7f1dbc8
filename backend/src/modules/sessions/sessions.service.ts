import { Injectable } from '@nestjs/common';
import { type ActiveSession, AUDIT_ACTION, type Success } from '@store-cloud/contracts';
import { randomBytes } from 'node:crypto';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Clock } from '../../common/clock/clock';
import { AuditService } from '../audit';
import { UsersRepository } from '../users';
import { SessionCache } from './session-cache';
import { SessionsRepository } from './sessions.repository';
import { SessionError } from './sessions.errors';

/** lastSeenAt moves at most this often per session: a write a minute, not one per call. */
const TOUCH_EVERY_MS = 60_000;
/** A User-Agent is kept this long: enough to tell browsers apart. */
const USER_AGENT_MAX = 200;

/** What a token says about its session (portal tokens and site tokens alike). */
export interface TokenSession {
  sid: string;
  /** The user's id. */
  sub: string;
  gen: number;
}

/**
 * Portal sessions (issue 23, DESIGN §8): one per login, named by its tokens with the user's
 * token generation. Logout or End ends one session; a password change or reset, disabling and
 * deleting raise the generation and end them all. Every node hears of it at once.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly cache: SessionCache,
    private readonly users: UsersRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** A new session id and the user's generation, for the login's token. */
  async prepare(userId: string): Promise<{ sid: string; gen: number }> {
    return {
      sid: randomBytes(24).toString('base64url'),
      gen: (await this.users.findTokenGeneration(userId)) ?? 0,
    };
  }

  /**
   * Records the login's session once its token is signed, and clears the user's ended and
   * expired ones (no TTL index on FerretDB, DESIGN §7: each login tidies its own user's).
   */
  async open(
    session: TokenSession,
    client: { address?: string; userAgent?: string; expiresAt: Date },
  ): Promise<void> {
    const now = this.clock.now();
    await this.sessions.create({
      sid: session.sid,
      userId: session.sub,
      gen: session.gen,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: client.expiresAt,
      address: client.address ?? '',
      userAgent: (client.userAgent ?? '').slice(0, USER_AGENT_MAX),
      endedAt: null,
    });
    await this.sessions.pruneOf(session.sub, now);
  }

  /**
   * Whether a token's session is still good: not ended, its user's, and the generation it names
   * still the user's (each token's own expiry is the JWT's). Moves lastSeenAt at most once a
   * minute.
   */
  async isLive({ sid, sub, gen }: TokenSession): Promise<boolean> {
    const { session, userGen } = await this.cache.get(sid, sub);
    const live =
      !!session &&
      !session.endedAt &&
      session.userId === sub &&
      session.gen === gen &&
      userGen === gen;
    if (live) this.touch(session);
    return live;
  }

  private touch(session: { sid: string; lastSeenAt: Date }) {
    const now = this.clock.now();
    const due = new Date(now.getTime() - TOUCH_EVERY_MS);
    if (session.lastSeenAt >= due) return;
    // Also in the cached copy, so this node writes once a minute, not on every call.
    session.lastSeenAt = now;
    void this.sessions.touch(session.sid, now, due).catch(() => undefined);
  }

  /** GET /portal/sessions: the caller's own active sessions. */
  async list(caller: AuthenticatedUser): Promise<ActiveSession[]> {
    const found = await this.sessions.listActive(caller.id, this.clock.now());
    return found.map((s) => ({
      id: s.sid,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      address: s.address,
      userAgent: s.userAgent,
      current: s.sid === caller.session?.id,
    }));
  }

  /** DELETE /portal/sessions/:id: another user's session is as unknown as a made-up id. */
  async endOwn(caller: AuthenticatedUser, sid: string): Promise<Success> {
    if (!(await this.end(caller.id, sid))) throw SessionError.notFound('No such session');
    await this.audit.record(caller, {
      action: AUDIT_ACTION.sessionEnd,
      targetType: 'user',
      target: caller.username,
      details: { current: sid === caller.session?.id },
    });
    return { success: true };
  }

  /** Logout: the calling session only (the user's other browsers stay logged in). */
  async endCurrent(caller: AuthenticatedUser): Promise<void> {
    if (caller.session) await this.end(caller.id, caller.session.id);
  }

  private async end(userId: string, sid: string): Promise<boolean> {
    const ended = await this.sessions.endOne(sid, userId, this.clock.now());
    if (ended) await this.cache.sessionEnded(sid);
    return ended;
  }

  /**
   * A password change or reset, disabling or deleting: raises the user's token generation and
   * ends all its sessions, on every node. The generation first, so a login racing with this
   * signs a generation that no longer counts.
   */
  async endAllOf(userId: string): Promise<void> {
    await this.users.raiseTokenGeneration(userId);
    await this.sessions.endAllOf(userId, this.clock.now());
    await this.cache.userEnded(userId);
  }
}
