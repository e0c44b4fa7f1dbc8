/**
 * What watching the fleet costs the worker (issue 26 item 6): seeds BENCH_STORES stores in
 * companies of 100 (integrationcompanies, as the companies screen saves them), one alert rule per
 * company (store-offline and store-flapping), and keeps every store in the online list in Redis
 * as the backend's ping handler writes it (refreshed each second, so the ping check keeps them),
 * with BENCH_CHURN stores leaving and coming back every 5 s. Then it runs the built worker
 * (backend/dist/worker.js) twice for BENCH_SECONDS each on this database and Redis: once with the
 * alerts sweep practically off (ALERT_SWEEP_INTERVAL_MS of an hour) and once at its default, and
 * reports the worker's CPU of each (from /proc) and the difference: the sweep's cost. Build the
 * backend first; loopback only; the bench's documents and keys are removed afterwards.
 *
 *   MONGODB_URI=mongodb://127.0.0.1:27018/alerts_bench REDIS_URL=redis://127.0.0.1:6379 \
 *     node --import tsx bench/alerts.bench.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { storeKey } from '@store-cloud/contracts';
import Redis from 'ioredis';
import { MongoClient } from 'mongodb';
import { cpuSeconds, loopbackUrl, positiveInt } from './bench-env';

const PER_COMPANY = 100;
const COMPANY_BASE = 80_000;
const PREFIX = 'alerts_bench';
const ROOT = path.resolve(__dirname, '..');

function settings(env: NodeJS.ProcessEnv) {
  const mongo = loopbackUrl(env, 'MONGODB_URI', 'mongodb://127.0.0.1:27018/alerts_bench');
  const redis = loopbackUrl(env, 'REDIS_URL', 'redis://127.0.0.1:6379');
  return {
    mongoUri: mongo.href,
    redisUrl: redis.href,
    stores: positiveInt(env, 'BENCH_STORES', 20_000),
    seconds: positiveInt(env, 'BENCH_SECONDS', 60),
    churn: positiveInt(env, 'BENCH_CHURN', 20),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startWorker(s: ReturnType<typeof settings>, sweepMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'backend', 'dist', 'worker.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      MONGODB_URI: s.mongoUri,
      REDIS_URL: s.redisUrl,
      REDIS_PREFIX: PREFIX,
      JWT_SECRET: 'alerts-bench-secret-that-is-long-enough-0123',
      TENTACLE_SECRET: 'alerts-bench-tentacle-secret-long-enough-012',
      SITE_CREDENTIALS_KEY: Buffer.alloc(32, 3).toString('base64'),
      ADMIN_USERNAME: 'bench@storecloud.local',
      ADMIN_PASSWORD: 'Bench-Admin-Pass1',
      ALERT_SWEEP_INTERVAL_MS: String(sweepMs),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Worker running')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited ${code}: ${output}`)));
  });
}

async function measure(s: ReturnType<typeof settings>, sweepMs: number, label: string) {
  const worker = await startWorker(s, sweepMs);
  // Past its start (the first read of companies and presences), then the hold.
  await sleep(10_000);
  const cpu0 = cpuSeconds(worker.pid!);
  const t0 = performance.now();
  await sleep(s.seconds * 1000);
  const cores = (cpuSeconds(worker.pid!) - cpu0) / ((performance.now() - t0) / 1000);
  worker.kill('SIGTERM');
  await new Promise((r) => worker.once('exit', r));
  console.log(`${label}: worker ${(cores * 100).toFixed(2)} % of a core`);
  return cores;
}

async function main() {
  const s = settings(process.env);
  const client = await new MongoClient(s.mongoUri).connect();
  const db = client.db();
  const redis = new Redis(s.redisUrl, { keyPrefix: `${PREFIX}:` });
  const companies = Math.ceil(s.stores / PER_COMPANY);
  const ids = Array.from({ length: companies }, (_, i) => COMPANY_BASE + i);
  const keys = ids.flatMap((c, i) =>
    Array.from({ length: Math.min(PER_COMPANY, s.stores - i * PER_COMPANY) }, (_, k) => ({
      c,
      s: k + 1,
    })),
  );
  await db.collection('integrationcompanies').insertMany(
    ids.map((companyId) => ({
      companyId,
      companyName: `Bench ${companyId}`,
      stores: keys
        .filter((k) => k.c === companyId)
        .map((k) => ({ storeId: k.s, storeName: `Store ${k.s}`, isActive: true, tags: [] })),
      mediaFileLimit: 20,
      tagLimit: 10,
      tagsList: [],
    })),
  );
  const now = new Date();
  await db.collection('alertrules').insertMany(
    ids.map((companyId) => ({
      companyId,
      name: 'Bench',
      kinds: ['store-offline', 'store-flapping'],
      graceSeconds: 30,
      flapping: { transitions: 4, minutes: 15 },
      staleBackupHours: 26,
      mediaSharePercent: 90,
      notSeenDays: 7,
      quietHours: [],
      timeZone: 'UTC',
      recipients: { emails: [`ops${companyId}@example.test`], webhookIds: [] },
      delivery: 'immediate',
      enabled: true,
      createdAt: now,
      updatedAt: now,
    })),
  );
  console.log(`Seeded ${keys.length} stores in ${companies} companies, one rule each`);

  // The online list as pings keep it, with BENCH_CHURN stores away for 5 s at a time.
  let away = new Set<string>();
  let round = 0;
  const write = async () => {
    const at = new Date().toISOString();
    const args: string[] = [];
    for (const k of keys) {
      const key = storeKey(k.c, k.s);
      if (away.has(key)) continue;
      args.push(
        key,
        JSON.stringify({
          enterprise: { company: k.c, store: k.s },
          datetime: at,
          tentacleVersion: '1.0',
          noPingCounter: 0,
        }),
      );
    }
    await redis.hset('storePingList', ...args);
    if (away.size) await redis.hdel('storePingList', ...away);
  };
  const pinger = setInterval(() => {
    if (++round % 5 === 0) {
      away = new Set(
        Array.from({ length: s.churn }, () => keys[Math.floor(Math.random() * keys.length)]!).map(
          (k) => storeKey(k.c, k.s),
        ),
      );
    }
    void write();
  }, 1000);
  await write();
  try {
    const off = await measure(s, 3_600_000, 'alerts sweep off (hourly)');
    const on = await measure(s, 5_000, 'alerts sweep every 5 s');
    console.log(
      `The alerts sweep over ${keys.length} stores: ${((on - off) * 100).toFixed(2)} % of a core (goal < 5 %)`,
    );
    const incidents = await db.collection('incidents').countDocuments();
    const notices = await db.collection('notifications').countDocuments();
    console.log(`Meanwhile: ${incidents} incidents, ${notices} notices queued`);
  } finally {
    clearInterval(pinger);
    for (const name of [
      'integrationcompanies',
      'alertrules',
      'alertstores',
      'incidents',
      'notifications',
    ])
      await db.collection(name).deleteMany({});
    await redis.del('storePingList');
    redis.disconnect();
    await client.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
