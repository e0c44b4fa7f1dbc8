import {
  BACKUP_API,
  BACKUP_FORMAT,
  BACKUP_KEY_HEADER,
  type SystemBackupData,
  systemRestoreResultSchema,
} from '@store-cloud/contracts';
import Redis from 'ioredis';
import mongoose, { mongo } from 'mongoose';
import { nxBuild } from '../../e2e/stack/nx-build';
import { LAUNCHER_ENV } from '../../e2e/stack/stack-env';
import { freePort } from '../../e2e/stack/ports';
import { TEST_ENV } from '../../e2e/stack/test-services';
import { TEST_JWT_SECRET, TEST_SITE_CREDENTIALS_KEY, TEST_TENTACLE_SECRET } from './create-app';
import { type BackendProcess, startBackend, withOutputOf } from './processes';

/*
 * Fault injection with real processes: the built backend runs as a child, a restore is stopped
 * at a named stage (RESTORE_TEST_PAUSE_AT, test only) and the process is killed there with
 * SIGKILL, as a crash would. The next start must leave the database as it was, with no work
 * copies, and accept a new restore.
 */

const { EJSON } = mongo.BSON;
const BACKUP_KEY = 'fault-test-backup-key-long-enough-0123456789';
/** Short, so a killed holder's lock and journal go stale within seconds. */
const LOCK_TTL_MS = 3000;
const DOCS_PER_COLLECTION = 1500;
const COLLECTIONS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
/**
 * Written by the backend itself as it runs; not what a restore is judged by (popmigrations: the
 * proof of play sweep's record that `popdaily` has no old days, set at its first run).
 */
const OWN_WRITES = new Set(['messagelog', 'auditlog', 'restorejournal', 'popmigrations']);

const id = `test_restore_faults_${process.pid}`;
const mongoUri = `${process.env[TEST_ENV.mongoBase]}/${id}${process.env[TEST_ENV.mongoQuery] ?? ''}`;

let port: number;
let backend: BackendProcess | undefined;
let connection: mongoose.Connection;
const db = () => connection.db!;

function start(pauseAt?: 'staging' | 'swap', lockTtlMs = LOCK_TTL_MS): BackendProcess {
  backend = startBackend(port, {
    MONGODB_URI: mongoUri,
    REDIS_URL: process.env[TEST_ENV.redisUrl] ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: id,
    JWT_SECRET: TEST_JWT_SECRET,
    TENTACLE_SECRET: TEST_TENTACLE_SECRET,
    SITE_CREDENTIALS_KEY: TEST_SITE_CREDENTIALS_KEY,
    BACKUP_SERVER_KEY: BACKUP_KEY,
    LOG_LEVEL: 'info',
    RESTORE_LOCK_TTL_MS: String(lockTtlMs),
    ...(pauseAt ? { RESTORE_TEST_PAUSE_AT: pauseAt } : {}),
  });
  return backend;
}

/** Every collection's documents (sorted by _id, as extended JSON), empty ones left out. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  const names = (await db().listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  for (const name of names.sort()) {
    if (OWN_WRITES.has(name) || name.startsWith('system.')) continue;
    const docs = await db().collection(name).find().sort({ _id: 1 }).toArray();
    if (docs.length > 0) result[name] = docs.map((d) => EJSON.serialize(d));
  }
  return result;
}

async function workCopies(): Promise<string[]> {
  const names = (await db().listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  return names.filter((n) => n.includes('__')).sort();
}

const doc = (collection: string, i: number, version: string) => ({
  _id: `${collection}-${i}`,
  version,
  n: i,
  text: `${version} ${collection} document ${i} `.repeat(4),
});

/** The backup: other documents in most collections, one collection new, one left out. */
function backupData(): SystemBackupData {
  const collections: SystemBackupData['collections'] = {};
  for (const name of [...COLLECTIONS.slice(1), 'golf']) {
    collections[name] = {
      indexes: [{ name: 'n_1', key: { n: 1 } }],
      documents: Array.from({ length: DOCS_PER_COLLECTION }, (_, i) => doc(name, i, 'backup')),
    };
  }
  return { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), collections };
}

function postRestore(data: SystemBackupData): Promise<Response> {
  return fetch(`${backend!.url}${BACKUP_API.systemBackup}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BACKUP_KEY_HEADER]: BACKUP_KEY },
    body: JSON.stringify({ serverName: 'Fault test', data }),
  });
}

/** Starts a restore, waits until the backend says it stopped at `stage`, and kills it there. */
async function killDuringRestore(stage: 'staging' | 'swap'): Promise<void> {
  const running = backend!;
  let answered: string | undefined;
  const answer = postRestore(backupData()).then(
    async (res) => {
      answered = `${res.status} ${await res.text()}`;
    },
    () => undefined,
  );
  await withOutputOf(
    running,
    (async () => {
      while (!running.output().includes(`paused at ${stage}`)) {
        if (answered) throw new Error(`The restore was answered instead: ${answered}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })(),
  );
  await running.kill();
  await answer;
  // The caller saw the connection drop, not an answer.
  expect(answered).toBeUndefined();
}

beforeAll(async () => {
  // npm test has built everything (STACK_SKIP_BUILD): an Nx build here would restore the
  // contracts' dist from its cache, deleting it a moment while the other worker's files read it.
  if (process.env[LAUNCHER_ENV.skipBuild] !== '1') await nxBuild(['@store-cloud/backend']);
  port = await freePort();
  connection = await mongoose.createConnection(mongoUri).asPromise();
  for (const name of COLLECTIONS) {
    await db()
      .collection<{ _id: string }>(name)
      .insertMany(Array.from({ length: DOCS_PER_COLLECTION }, (_, i) => doc(name, i, 'live')));
  }
}, 300_000);

afterAll(async () => {
  await backend?.kill();
  await connection?.dropDatabase();
  await connection?.close();
});

describe('a backend killed with SIGKILL during a restore', () => {
  let before: Record<string, unknown[]>;

  it('mid-staging: the next start drops the staging copies and keeps the data', async () => {
    await withOutputOf(start('staging'), backend!.ready);
    before = await snapshot();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(COLLECTIONS));

    await killDuringRestore('staging');
    expect((await workCopies()).some((n) => n.includes('__restore_'))).toBe(true);
    expect(await db().collection('restorejournal').countDocuments()).toBe(1);

    await withOutputOf(start('swap'), backend!.ready);
    expect(await workCopies()).toEqual([]);
    expect(await db().collection('restorejournal').countDocuments()).toBe(0);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('mid-swap: the next start rolls the swap back and keeps the data', async () => {
    await killDuringRestore('swap');
    // The crash left a mix: some collections set aside, some staging copies not swapped in.
    const copies = await workCopies();
    expect(copies.some((n) => n.includes('__old_'))).toBe(true);
    expect(copies.some((n) => n.includes('__restore_'))).toBe(true);
    expect(await snapshot()).not.toEqual(before);

    await withOutputOf(start(), backend!.ready);
    expect(await workCopies()).toEqual([]);
    expect(await db().collection('restorejournal').countDocuments()).toBe(0);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('then accepts a new restore, which leaves the database equal to the backup', async () => {
    const data = backupData();
    const res = await postRestore(data);
    expect(res.status).toBe(200);
    expect(systemRestoreResultSchema.parse(await res.json())).toEqual({
      collections: 6,
      documents: 6 * DOCS_PER_COLLECTION,
    });
    const expected = Object.fromEntries(
      Object.entries(data.collections).map(([name, c]) => [
        name,
        c.documents
          .map((d) => EJSON.serialize(EJSON.deserialize(d)))
          .sort((x, y) => (String(x._id) < String(y._id) ? -1 : 1)),
      ]),
    );
    const after = await snapshot();
    // Collections the backend itself creates empty (its models) are left out by snapshot().
    expect(after).toEqual(expected);
    expect(await workCopies()).toEqual([]);
  }, 120_000);

  it("a restart recovers a killed process's restore at once, not after its lock expires, and says so", async () => {
    await backend?.stop();
    // A lock that outlives the test: the restart must not wait for it.
    const longTtl = 60_000;
    await withOutputOf(start('staging', longTtl), backend!.ready);
    await killDuringRestore('staging');
    const redis = new Redis(process.env[TEST_ENV.redisUrl] ?? 'redis://127.0.0.1:6379');
    try {
      const lockKey = `${id}:backups:restore-lock`;
      const deadOwner = await redis.get(lockKey);
      expect(deadOwner).not.toBeNull();

      await withOutputOf(start(undefined, longTtl), backend!.ready);
      // It listens while the dead process's lock is still in Redis: it did not wait for it.
      expect(await redis.get(lockKey)).toBe(deadOwner);
      expect(backend!.output()).toMatch(/belongs to a stopped process.*recovering it now/);
      expect(backend!.output()).toMatch(/was interrupted \(staging\): rolling back/);
      expect(await workCopies()).toEqual([]);
      expect(await db().collection('restorejournal').countDocuments()).toBe(0);
    } finally {
      redis.disconnect();
    }
  }, 120_000);
});
