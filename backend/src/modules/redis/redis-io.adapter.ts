import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';
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
    // Per socket, compression keeps a zlib context; the pings and replies are small (issue 15).
    // Websocket only: long-polling's requests would need every one to reach the same API node
    // (sticky sessions); the portal, the stores and the simulator use the websocket transport.
    const server = super.createIOServer(port, {
      ...options,
      transports: ['websocket'],
      perMessageDeflate: false,
      httpCompression: false,
    }) as IoServer;
    const pub = new Redis(this.url, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    // Without a listener ioredis prints every reconnect failure; RedisService already logs them.
    for (const client of [pub, sub]) client.on('error', () => undefined);
    this.clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: this.key }));
    return server;
  }

  /**
   * Nest's own binding keeps an rxjs chain per socket for each message handler of each gateway
   * until the socket closes; with 20,000 store sockets that adds up (issue 15). A plain listener
   * per handler does the same: the handler's result (value, promise or observable, through
   * Nest's transform) goes to the acknowledgement, or is emitted when it names an event.
   */
  override bindMessageHandlers(
    socket: Parameters<IoAdapter['bindMessageHandlers']>[0],
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ) {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        const { data, ack } = this.mapPayload(args.length === 1 ? args[0] : args);
        transform(callback(data, ack)).subscribe((response) => {
          if (response === undefined || response === null) return;
          const reply = response as { event?: string; data?: unknown };
          if (reply.event) return void socket.emit(reply.event, reply.data);
          if (!isAckHandledManually && typeof ack === 'function')
            (ack as (r: unknown) => void)(response);
        });
      });
    }
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
