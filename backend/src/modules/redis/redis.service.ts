import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { ConfigService } from '../../config/config.service';

const PING_TIMEOUT_MS = 2000;
/**
 * A command Redis has not answered by then fails (a request answers 503 REDIS_UNAVAILABLE well
 * within 2 s), also when the connection hangs rather than closes.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * The backend's one general-purpose Redis connection. Every key gets REDIS_PREFIX + ':' so
 * stacks sharing a Redis stay apart. (BullMQ and the socket.io adapter open their own.)
 * Commands wait for the first connection (the start), but once it was up a command while Redis
 * is away fails at once: a caller gets 503 instead of waiting for a reconnect. ioredis keeps
 * reconnecting by itself, so everything works again when Redis returns.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisService.name);
  readonly client: Redis;
  private lastError = '';

  constructor(config: ConfigService) {
    this.client = new Redis(config.get('redisUrl'), {
      keyPrefix: `${config.get('redisPrefix')}:`,
      // Fail a command fast while disconnected instead of queueing it for ever.
      maxRetriesPerRequest: 1,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      lazyConnect: false,
    });
    // Without a listener ioredis prints every reconnect failure as an unhandled error.
    this.client.on('error', (error: Error) => {
      if (error.message === this.lastError) return;
      this.lastError = error.message;
      this.logger.warn(`Redis: ${error.message}`);
    });
    this.client.on('ready', () => {
      if (this.lastError) this.logger.log('Redis: connected again');
      this.lastError = '';
      // From now on the offline queue would only delay failures: see the class comment.
      this.client.options.enableOfflineQueue = false;
    });
  }

  /** True when Redis answers a PING in time. */
  async isUp(): Promise<boolean> {
    if (this.client.status !== 'ready') return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.client.ping().then((r) => r === 'PONG'), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async onApplicationShutdown() {
    // quit() waits for pending replies; with no connection there is nothing to wait for.
    if (this.client.status !== 'ready') return this.client.disconnect();
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }
}
