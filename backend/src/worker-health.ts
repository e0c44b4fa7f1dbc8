import { BACKUP_QUEUE, MEDIA_SCHEDULE_QUEUE } from '@store-cloud/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { type AppConfig, loadConfigOrExit } from './config/env.schema';

/** Redis must answer within this, or the worker counts as unhealthy. */
const TIMEOUT_MS = 4000;

/**
 * The worker's health check (docker compose: `node backend/dist/worker-health.js`): healthy while
 * a worker process has its BullMQ workers registered in Redis for every queue it serves. Those
 * registrations are the worker's Redis connections themselves (BullMQ names them), so they go
 * when the worker dies or loses Redis. Same environment as the worker.
 */
export async function queuesWithoutWorkers(config: AppConfig): Promise<string[]> {
  const connection = new Redis(config.redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: TIMEOUT_MS,
    commandTimeout: TIMEOUT_MS,
  });
  connection.on('error', () => undefined);
  const prefix = `${config.redisPrefix}:bull`;
  const queues = [BACKUP_QUEUE, MEDIA_SCHEDULE_QUEUE].map(
    (name) => new Queue(name, { connection, prefix }),
  );
  try {
    const counts = await Promise.all(queues.map((q) => q.getWorkersCount()));
    return queues.filter((_, i) => counts[i] === 0).map((q) => q.name);
  } finally {
    await Promise.all(queues.map((q) => q.close().catch(() => undefined)));
    connection.disconnect();
  }
}

async function main() {
  try {
    const missing = await queuesWithoutWorkers(loadConfigOrExit());
    if (missing.length === 0) process.exit(0);
    process.stderr.write(`No worker serves the queues ${missing.join(', ')}\n`);
  } catch (error) {
    process.stderr.write(
      `Worker health: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
  process.exit(1);
}

if (require.main === module) void main();
