import {
  ACCESS_TOKEN_HEADER,
  COMPANY_API,
  ERROR_CODE,
  errorBodySchema,
  MEDIA_SCHEDULE_JOB,
  MEDIA_SCHEDULE_QUEUE,
  mediaScheduleJobId,
  messageQueueSchema,
  REDIS_UNAVAILABLE_MESSAGE,
  SITE_API,
  SITE_ERROR_CODE,
  SITE_TOKEN_HEADER,
  STORE_STATUS,
} from '@store-cloud/contracts';
import { Queue } from 'bullmq';
import { type ChildProcess, spawn } from 'node:child_process';
import request from 'supertest';
import { freePort } from '../../e2e/stack/ports';
import { SchedulesRepository } from '../src/modules/media/schedules.repository';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { connectAcmeFuels } from './fixtures';
import { eventually } from './eventually';
import { type ChildServer, startSimulator, withOutputOf } from './processes';
import { connectAndLogin } from './site-connection';

const COMPANY = 101;
const STORE = 1;
/** The promise: during an outage the answer comes within 2 s (not 500 after ~5 s). */
const OUTAGE_ANSWER_MS = 2000;
/** How long Redis stays away: long enough for the clients to be in their reconnect back-off. */
const OUTAGE_MS = 3000;

/** A redis-server of this test's own, without persistence, so stopping it is an outage. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${output}`)));
  });
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/**
 * A backend whose Redis goes away for a few seconds: the routes that need it answer 503
 * REDIS_UNAVAILABLE at once, the ones that do not keep working, and everything works again when
 * Redis is back (empty: the stores' next pings rebuild the online list, the user logs in to the
 * store again).
 */
describe('a Redis outage', () => {
  let redisPort: number;
  let redis: ChildProcess;
  let t: TestApp;
  let simulator: ChildServer;
  let admin: string;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    t = await createTestApp('redis_outage', {
      config: {
        redisUrl: `redis://127.0.0.1:${redisPort}`,
        tentacleCheckIntervalMs: 200,
        tentacleMaxMissedPings: 2,
        scheduleReconcileIntervalMs: 300,
      },
    });
    await connectAcmeFuels(t.app);
    admin = await t.login(TEST_ADMIN);
    simulator = await startSimulator({ backendUrl: t.baseUrl, pingIntervalMs: 100 });
    await withOutputOf(
      simulator,
      eventually(
        () => storeStatus(),
        (res) => res.status === 200 && res.body.status === STORE_STATUS.online,
      ),
    );
  }, 60_000);
  afterAll(async () => {
    await simulator?.stop();
    await t?.close();
    if (redis) await stopRedis(redis);
  });

  const storeStatus = () =>
    request(t.baseUrl).get(COMPANY_API.storeStatus).query({ c: COMPANY, s: STORE });
  const ping = (siteToken: string) =>
    request(t.baseUrl)
      .get(SITE_API.ping)
      .set(SITE_TOKEN_HEADER, siteToken)
      .query({ c: COMPANY, s: STORE, d: 'es' });
  const asAdmin = (method: 'get' | 'post', url: string) =>
    request(t.baseUrl)[method](url).set(ACCESS_TOKEN_HEADER, admin);

  it('answers 503 REDIS_UNAVAILABLE within 2 s while Redis is down, and works again after', async () => {
    const siteToken = await connectAndLogin(t.baseUrl, admin, { company: COMPANY, store: STORE });
    await ping(siteToken).expect(200);

    const now = Date.now();
    const schedule = await t.app.get(SchedulesRepository).create({
      companyId: 7,
      companyName: 'Acme Fuels',
      mediaFolderName: 'AcmeFuels-7',
      destination: 'promo',
      startDate: new Date(now + 3600_000).toISOString(),
      endDate: new Date(now + 7200_000).toISOString(),
      createdDate: new Date(now).toISOString(),
      author: 'outage@storecloud.test',
      files: ['a.png'],
      status: 'READY',
    });

    await stopRedis(redis);
    const outageStarted = Date.now();
    const needRedis = {
      storestatus: () => storeStatus(),
      siteconnect: () =>
        asAdmin('post', SITE_API.siteConnect).send({ company: COMPANY, store: STORE }),
      relay: () => ping(siteToken),
      systemstatus: () => asAdmin('get', SITE_API.systemStatus),
      allstoresstatus: () => asAdmin('get', COMPANY_API.allStoresStatus),
    };
    // Asked again and again through the outage, the answer stays the same.
    let rounds = 0;
    do {
      for (const [route, call] of Object.entries(needRedis)) {
        const started = Date.now();
        const res = await call();
        const tookMs = Date.now() - started;
        expect({ route, status: res.status, body: errorBodySchema.parse(res.body) }).toEqual({
          route,
          status: 503,
          body: {
            code: ERROR_CODE.redisUnavailable,
            message: REDIS_UNAVAILABLE_MESSAGE,
            requestId: expect.any(String),
          },
        });
        expect({ route, fast: tookMs < OUTAGE_ANSWER_MS }).toEqual({ route, fast: true });
      }
      // The held messages live in the database: the Status screen's queue still answers.
      messageQueueSchema.parse((await asAdmin('get', SITE_API.messageQueue).expect(200)).body);
      rounds++;
    } while (Date.now() - outageStarted < OUTAGE_MS);
    expect(rounds).toBeGreaterThan(1);

    redis = await startRedis(redisPort);
    // The stores' next pings rebuild the online list in the empty Redis.
    await eventually(
      () => storeStatus(),
      (res) => res.status === 200 && res.body.status === STORE_STATUS.online,
    );
    // Redis forgot the store connection: the old site token meets /timeout, a new login works.
    const closed = await ping(siteToken).expect(401);
    expect(errorBodySchema.parse(closed.body).code).toBe(SITE_ERROR_CODE.connectionClosed);
    const again = await connectAndLogin(t.baseUrl, admin, { company: COMPANY, store: STORE });
    await ping(again).expect(200);
    // BullMQ is back too: the schedule's start job is in the new, empty Redis again.
    const queue = new Queue(MEDIA_SCHEDULE_QUEUE, {
      connection: { url: t.config.redisUrl },
      prefix: `${t.config.redisPrefix}:bull`,
    });
    try {
      await eventually(
        () => queue.getJob(mediaScheduleJobId(schedule._id, MEDIA_SCHEDULE_JOB.start)),
        (job) => job !== undefined,
      );
    } finally {
      await queue.close();
    }
  }, 60_000);
});
