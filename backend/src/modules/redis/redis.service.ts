import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { ConfigService } from '../../config/config.service';

const PING_TIMEOUT_MS = 2000;

/**
 * The backend's one general-purpose Redis connection. Every key gets REDIS_PREFIX + ':' so
 * stacks sharing a Redis stay apart. (BullMQ and the socket.io adapter open their own.)
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
      lazyConnect: false,
    });
    // Without a listener ioredis prints every reconnect failure as an unhandled error.
    this.client.on('error', (error: Error) => {
      if (error.message === this.lastError) return;
      this.lastError = error.message;
      this.logger.warn(`Redis: ${error.message}`);
    });
    this.client.on('ready', () => {
      this.lastError = '';
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
