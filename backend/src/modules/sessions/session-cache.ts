import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { ConfigService } from '../../config/config.service';
import { followChannel, RedisService } from '../redis';
import { UsersRepository } from '../users';
import { type SessionRecord, SessionsRepository } from './sessions.repository';

/** A safety net for a missed note: entries live this long. */
const MAX_AGE_MS = 60_000;
/** The note that everything may have changed (a restored database). */
const EVERYONE = '*';
const SESSION_NOTE = 's:';
const USER_NOTE = 'u:';

/** A session and its user's current token generation (null: the user is gone). */
export interface SessionState {
  session: SessionRecord | null;
  userGen: number | null;
}

/** What a node heard ended: a session, or every session of a user. */
export type EndedNote = { sid: string } | { userId: string } | 'all';

/**
 * The sessions behind tokens as every call checks them (issue 23, DESIGN §8): read from MongoDB
 * once per node, kept in memory until a Redis note says the session ended or its user's token
 * generation rose, then dropped on every node at once. While the node cannot hear notes it keeps
 * nothing and asks MongoDB every time.
 */
@Injectable()
export class SessionCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionCache.name);
  private readonly entries = new Map<string, SessionState & { at: number }>();
  private readonly listeners: ((note: EndedNote) => void)[] = [];
  private readonly channel: string;
  /** Moves on with every note: a read that started before one is not kept. */
  private version = 0;
  private hearing = false;
  private stopFollowing?: () => void;

  constructor(
    config: ConfigService,
    private readonly redis: RedisService,
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {
    // Channels are not prefixed by ioredis' keyPrefix: name the stack's own.
    this.channel = `${config.get('redisPrefix')}:sessions-ended`;
  }

  onModuleInit() {
    this.stopFollowing = followChannel(
      this.redis.client.duplicate(),
      this.channel,
      {
        message: (note) => this.heard(note),
        lost: () => {
          this.hearing = false;
          this.forget('all');
        },
        live: () => {
          this.forget('all');
          this.hearing = true;
        },
      },
      this.logger,
    );
  }

  onApplicationShutdown() {
    this.stopFollowing?.();
  }

  /** Called with every ending this node hears of (its own included): the live socket listens. */
  onEnded(listener: (note: EndedNote) => void): void {
    this.listeners.push(listener);
  }

  async get(sid: string, userId: string): Promise<SessionState> {
    const cached = this.entries.get(sid);
    if (cached && this.clock.now().getTime() - cached.at < MAX_AGE_MS) return cached;
    const version = this.version;
    const [session, userGen] = await Promise.all([
      this.sessions.findBySid(sid),
      this.users.findTokenGeneration(userId),
    ]);
    const state = { session, userGen };
    if (this.hearing && version === this.version)
      this.entries.set(sid, { ...state, at: this.clock.now().getTime() });
    return state;
  }

  /** The session ended: every node reads it anew. */
  sessionEnded(sid: string): Promise<void> {
    return this.tell(`${SESSION_NOTE}${sid}`);
  }

  /** The user's token generation rose (all its sessions ended): every node reads them anew. */
  userEnded(userId: string): Promise<void> {
    return this.tell(`${USER_NOTE}${userId}`);
  }

  /** The users and sessions were replaced as a whole (a restore). */
  everyoneChanged(): Promise<void> {
    return this.tell(EVERYONE);
  }

  private heard(message: string) {
    const note: EndedNote = message.startsWith(SESSION_NOTE)
      ? { sid: message.slice(SESSION_NOTE.length) }
      : message.startsWith(USER_NOTE)
        ? { userId: message.slice(USER_NOTE.length) }
        : 'all';
    this.forget(note);
    for (const listener of this.listeners) listener(note);
  }

  private forget(note: EndedNote) {
    this.version++;
    if (note === 'all') this.entries.clear();
    else if ('sid' in note) this.entries.delete(note.sid);
    else
      for (const [sid, entry] of this.entries)
        if (entry.session?.userId === note.userId) this.entries.delete(sid);
  }

  private async tell(message: string): Promise<void> {
    this.heard(message);
    try {
      await this.redis.client.publish(this.channel, message);
    } catch (error) {
      this.logger.warn(`Could not tell the other nodes that sessions ended: ${String(error)}`);
    }
  }
}
