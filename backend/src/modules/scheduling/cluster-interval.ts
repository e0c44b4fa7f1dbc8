import type { Logger } from '@nestjs/common';
import type { RedisService } from '../redis';

/**
 * Runs `work` every intervalMs on whichever backend node takes a Redis lock first, so a
 * periodic sweep runs once per interval across all nodes. A tick is skipped while the previous
 * one on this node still runs. Returns a function that stops it.
 */
export function startClusterInterval(options: {
  redis: RedisService;
  lockName: string;
  intervalMs: number;
  logger: Logger;
  work: () => Promise<unknown>;
}): () => void {
  const { redis, lockName, intervalMs, logger, work } = options;
  // A little under one interval, so the next tick of any node can take it again.
  const lockMs = Math.max(50, Math.floor(intervalMs * 0.9));
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      try {
        const lock = await redis.client.set(`lock:${lockName}`, '1', 'PX', lockMs, 'NX');
        if (lock === 'OK') await work();
      } catch (error) {
        logger.warn(`${lockName} failed: ${(error as Error).message}`);
      } finally {
        running = false;
      }
    })();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
