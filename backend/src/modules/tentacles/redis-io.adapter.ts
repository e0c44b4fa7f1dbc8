import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import { ConfigService } from '../../config/config.service';

/** The Redis channel key of the socket.io adapter (and of the worker's emitter). */
export const socketIoKey = (config: ConfigService) => `${config.get('redisPrefix')}:socket.io`;

// The server type of the socket.io copy that @nestjs/platform-socket.io itself depends on.
type IoServer = ReturnType<IoAdapter['createIOServer']> & {
  adapter(factory: ReturnType<typeof createAdapter>): void;
};

/**
 * socket.io over the Redis adapter (DESIGN §2): a message for a store's room reaches the node
 * that holds the store's socket. Channels carry REDIS_PREFIX, so stacks sharing a Redis stay apart.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];
  private readonly url: string;
  private readonly key: string;

  constructor(app: INestApplicationContext) {
    super(app);
    const config = app.get(ConfigService);
    this.url = config.get('redisUrl');
    this.key = socketIoKey(config);
  }

  override createIOServer(port: number, options?: Parameters<IoAdapter['createIOServer']>[1]) {
    const server = super.createIOServer(port, options) as IoServer;
    const pub = new Redis(this.url, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    // Without a listener ioredis prints every reconnect failure; RedisService already logs them.
    for (const client of [pub, sub]) client.on('error', () => undefined);
    this.clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: this.key }));
    return server;
  }

  override async close(server: Parameters<IoAdapter['close']>[0]): Promise<void> {
    const clients = this.clients.splice(0);
    // With Redis down, the adapter's unsubscribe on close would wait for ever: drop the
    // connections that never came up first, so their queued commands fail at once.
    for (const c of clients) if (c.status !== 'ready') c.disconnect();
    await super.close(server);
    await Promise.all(
      clients.map((c) => (c.status === 'ready' ? c.quit().catch(() => c.disconnect()) : undefined)),
    );
  }
}
