import type { Logger } from '@nestjs/common';
import Redis, { type RedisOptions } from 'ioredis';
import type { ConfigService } from '../../config/config.service';
import { REDIS_COMMAND_TIMEOUT_MS } from './redis.service';

/**
 * The Redis connections of one service's BullMQ queues and workers. Logs each distinct
 * connection error once (BullMQ would print every retry) and closes without hanging.
 */
const CLOSE_WAIT_MS = 2000;

export class BullmqConnections {
  private readonly connections: Redis[] = [];
  private readonly url: string;
  private readonly prefix: string;

  constructor(
    config: ConfigService,
    private readonly label: string,
    private readonly logger: Logger,
  ) {
    this.url = config.get('redisUrl');
    this.prefix = `${config.get('redisPrefix')}:bull`;
  }

  /** What a BullMQ Queue or Worker needs: a new connection and the backend's key prefix. */
  options(): { connection: Redis; prefix: string } {
    // BullMQ needs maxRetriesPerRequest null: a worker's blocking commands must wait, not fail.
    return { connection: this.open({ maxRetriesPerRequest: null }), prefix: this.prefix };
  }

  /**
   * For a Queue that a request adds jobs to: while Redis is away, an add fails within a few
   * seconds (the caller answers 503 or leaves it to a reconcile) instead of waiting for Redis.
   */
  queueOptions(): { connection: Redis; prefix: string } {
    const connection = this.open({
      maxRetriesPerRequest: 1,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS * 2,
    });
    return { connection, prefix: this.prefix };
  }

  private open(options: RedisOptions): Redis {
    const redis = new Redis(this.url, options);
    let last = '';
    redis.on('error', (e: Error) => {
      if (e.message !== last) this.logger.warn(`Redis (${this.label}): ${e.message}`);
      last = e.message;
    });
    redis.on('ready', () => (last = ''));
    this.connections.push(redis);
    return redis;
  }

  /**
   * Runs the closers (worker and queue close calls), then drops the connections. With Redis
   * unreachable, BullMQ's close() waits for a connection that never comes: each closer gets
   * CLOSE_WAIT_MS at most, so a backend without Redis still stops.
   */
  async close(...closers: Array<() => Promise<unknown> | undefined>): Promise<void> {
    if (this.connections.some((c) => c.status !== 'ready')) this.disconnect();
    for (const close of closers) {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
      await Promise.race([close()?.catch(() => undefined), gaveUp]);
      clearTimeout(timer);
    }
    this.disconnect();
  }

  private disconnect() {
    for (const c of this.connections) c.disconnect();
  }
}
