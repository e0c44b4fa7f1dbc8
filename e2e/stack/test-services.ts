import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildFerretDb, startFerretDb } from './ferretdb';
import { freePort } from './ports';
import { ensureRedis } from './redis';

/**
 * What every backend-side test run needs: a MongoDB-compatible server and a Redis.
 * testcontainers (mongo and redis images) where a Docker engine answers; else FerretDB built
 * from tools/ferretdb on a spare port with a throwaway folder, and the local Redis.
 * MONGODB_URI (a server URI without a database) overrides both.
 */
export interface TestServices {
  /** mongodb://host:port (no database, no query). */
  mongoBase: string;
  /** Query string to append after the database name, e.g. '?directConnection=true'. */
  mongoQuery: string;
  redisUrl: string;
  kind: 'external' | 'testcontainers' | 'ferretdb';
  stop: () => Promise<void>;
}

export async function provideTestServices(
  log: (l: string) => void = console.log,
): Promise<TestServices> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (process.env.MONGODB_URI) {
    const u = new URL(process.env.MONGODB_URI);
    await ensureRedis(redisUrl);
    return {
      mongoBase: `${u.protocol}//${u.host}`,
      mongoQuery: u.search,
      redisUrl,
      kind: 'external',
      stop: async () => {},
    };
  }
  const containers = await tryTestcontainers();
  if (containers) return containers;

  buildFerretDb(log);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storecloud-test-db-'));
  const port = await freePort();
  const ferret = await startFerretDb(port, dir);
  const redis = await ensureRedis(redisUrl);
  log(`Test database: FerretDB v1 (SQLite) on 127.0.0.1:${port}; Redis at ${redisUrl}`);
  return {
    mongoBase: `mongodb://127.0.0.1:${port}`,
    mongoQuery: '',
    redisUrl,
    kind: 'ferretdb',
    stop: async () => {
      await ferret.stop();
      redis?.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function tryTestcontainers(): Promise<TestServices | undefined> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
  } catch {
    return undefined; // no Docker engine: fails in about a millisecond
  }
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const { RedisContainer } = await import('@testcontainers/redis');
  const mongo = await new MongoDBContainer('mongo:7').start();
  const redis = await new RedisContainer('redis:7').start();
  const u = new URL(mongo.getConnectionString());
  return {
    mongoBase: `${u.protocol}//${u.host}`,
    mongoQuery: '?directConnection=true',
    redisUrl: redis.getConnectionUrl(),
    kind: 'testcontainers',
    stop: async () => {
      await mongo.stop();
      await redis.stop();
    },
  };
}

/** Environment variables through which a test runner's global setup hands the services on. */
export const TEST_ENV = {
  mongoBase: 'TEST_MONGO_BASE',
  mongoQuery: 'TEST_MONGO_QUERY',
  redisUrl: 'TEST_REDIS_URL',
} as const;
