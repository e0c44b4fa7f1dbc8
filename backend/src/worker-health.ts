import { BACKUP_QUEUE, type Health, healthOf, MEDIA_SCHEDULE_QUEUE } from '@store-cloud/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import mongoose from 'mongoose';
import { type AppConfig, loadConfigOrExit } from './config/env.schema';

/** Redis must answer within this, or the worker counts as unhealthy. */
const TIMEOUT_MS = 4000;

/**
 * The worker's readiness (docker compose: `node backend/dist/worker-health.js`; the worker has no
 * HTTP): the database answers, Redis answers, and a worker process has its BullMQ workers
 * registered in Redis for every queue it serves (workerReadiness). Those
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

/** Whether the database answers a ping within TIMEOUT_MS (a connection of its own). */
export async function databaseAnswers(config: AppConfig): Promise<boolean> {
  const connection = mongoose.createConnection(config.mongoUri, {
    serverSelectionTimeoutMS: TIMEOUT_MS,
    connectTimeoutMS: TIMEOUT_MS,
  });
  try {
    await connection.asPromise();
    return (await connection.db!.command({ ping: 1 })).ok === 1;
  } catch {
    return false;
  } finally {
    await connection.close(true).catch(() => undefined);
  }
}

/** The worker's /health/ready as data: database, Redis and every queue served, with reasons. */
export async function workerReadiness(config: AppConfig): Promise<Health> {
  const [mongo, missing] = await Promise.all([
    databaseAnswers(config),
    queuesWithoutWorkers(config).catch(() => undefined),
  ]);
  // Without Redis the workers cannot be counted: Redis down, and the queues with it.
  return healthOf({ mongo, redis: missing !== undefined, queues: missing?.length === 0 });
}

async function main() {
  const health = await workerReadiness(loadConfigOrExit());
  if (health.status === 'ok') process.exit(0);
  process.stderr.write(`Worker not ready: ${health.reasons?.join('; ')}\n`);
  process.exit(1);
}

if (require.main === module) void main();
