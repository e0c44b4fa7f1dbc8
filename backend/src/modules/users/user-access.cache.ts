import { Clock } from '../../common/clock/clock';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { User } from '@store-cloud/contracts';
import { ConfigService } from '../../config/config.service';
import { followChannel, RedisService } from '../redis';
import { UsersRepository } from './users.repository';

/** A safety net for a missed invalidation (a subscriber reconnecting): entries live this long. */
const MAX_AGE_MS = 60_000;
/** The note that every user may have changed (a restored database); no user id looks like it. */
const EVERYONE = '*';

/**
 * The users behind site tokens, as each relayed call and sitetokeninfo check them (issue 13):
 * read from the database once per node, then kept in memory until an administrator changes the
 * user. Every change is published on a Redis channel, and every node drops its copy at once.
 */
@Injectable()
export class UserAccessCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(UserAccessCache.name);
  private readonly entries = new Map<string, { user: User | null; at: number }>();
  private readonly channel: string;
  /** Moves on with every invalidation: a read that started before one is not kept. */
  private generation = 0;
  private stopFollowing?: () => void;

  constructor(
    config: ConfigService,
    private readonly redis: RedisService,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {
    // Channels are not prefixed by ioredis' keyPrefix: name the stack's own.
    this.channel = `${config.get('redisPrefix')}:user-access-changed`;
  }

  onModuleInit() {
    // Not awaited: the backend starts, and answers 503, without Redis.
    this.stopFollowing = followChannel(
      this.redis.client.duplicate(),
      this.channel,
      {
        message: (id) => this.forget(id === EVERYONE ? undefined : id),
        // Changes may be missed while not subscribed, and what was read before the subscription
        // took effect may have missed one: forget everything both times.
        lost: () => this.forget(),
        live: () => this.forget(),
      },
      this.logger,
    );
  }

  onApplicationShutdown() {
    this.stopFollowing?.();
  }

  /** The user as the database has it (null: deleted or never existed). */
  async get(id: string): Promise<User | null> {
    const cached = this.entries.get(id);
    if (cached && this.clock.now().getTime() - cached.at < MAX_AGE_MS) return cached.user;
    const generation = this.generation;
    const user = await this.users.findById(id);
    if (generation === this.generation)
      this.entries.set(id, { user, at: this.clock.now().getTime() });
    return user;
  }

  private forget(id?: string) {
    this.generation++;
    if (id === undefined) this.entries.clear();
    else this.entries.delete(id);
  }

  /** Called after an administrator changed or deleted the user: every node reads it anew. */
  changed(id: string): Promise<void> {
    return this.tell(id);
  }

  /** Called after the users were replaced as a whole (a restore): every node reads them anew. */
  everyoneChanged(): Promise<void> {
    return this.tell(EVERYONE);
  }

  private async tell(id: string): Promise<void> {
    this.forget(id === EVERYONE ? undefined : id);
    try {
      await this.redis.client.publish(this.channel, id);
    } catch (error) {
      this.logger.warn(`Could not tell the other nodes that user ${id} changed: ${String(error)}`);
    }
  }
}
