import type { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

/** What a node keeps in memory by following a Redis channel's notes. */
export interface ChannelListener {
  /** A note arrived. */
  message(message: string): void;
  /** The subscription is up (again): notes from now on arrive; what was kept may have missed some. */
  live(): void;
  /** The connection closed or came back before subscribing: notes may be missed meanwhile. */
  lost(): void;
}

/**
 * Follows `channel` on `subscriber` (a connection of its own: a subscribed one takes no other
 * command) for as long as it lives: subscribes on every (re)connect, and says when notes may be
 * missed (lost) and when they arrive again (live). Answers a stop function.
 */
export function followChannel(
  subscriber: Redis,
  channel: string,
  listener: ChannelListener,
  logger: Logger,
): () => void {
  // The owner logs connection errors (RedisService); ioredis would print each retry otherwise.
  subscriber.on('error', () => undefined);
  subscriber.on('close', () => listener.lost());
  subscriber.on('message', (_channel: string, message: string) => listener.message(message));
  subscriber.on('ready', () => {
    listener.lost();
    subscriber.subscribe(channel).then(
      () => listener.live(),
      (error: unknown) => logger.warn(`Could not subscribe to ${channel}: ${String(error)}`),
    );
  });
  return () => {
    listener.lost();
    subscriber.disconnect();
  };
}
