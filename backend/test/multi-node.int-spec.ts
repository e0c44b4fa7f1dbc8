import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  API,
  ERROR_CODE,
  errorBodySchema,
  LIVE_STATUS,
  MEDIA_PORTAL_API,
  mediaListResultSchema,
  relayQueuedSchema,
  SITE_API,
  SITE_SOCKET,
  SITE_TOKEN_HEADER,
  type SiteRequest,
  scheduleSchema,
  siteVersionSchema,
  STORE_STATUS,
  storePathOf,
} from '@store-cloud/contracts';
import mongoose from 'mongoose';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { freePort } from '../../e2e/stack/ports';
import { LOGIN_LIMITS } from '../src/modules/auth/login-limits';
import { IntegrationCompaniesRepository } from '../src/modules/companies/integration-companies.repository';
import {
  createTestApp,
  TEST_ADMIN,
  TEST_JWT_SECRET,
  TEST_SITE_CREDENTIALS_KEY,
  TEST_TENTACLE_SECRET,
  testConfig,
} from './create-app';
import { scheduleStatus } from './media-schedules-api';
import { eventually } from './eventually';
import { PNG } from './fixtures';
import {
  type BackendProcess,
  type ChildServer,
  startBackend,
  startMediaServer,
  startWorker,
  withOutputOf,
} from './processes';
import { connectAndLogin } from './site-connection';
import { connected, openSocket, openTentacle } from './sockets';
import { storeStatus } from './store-status';

const NAME = 'multi_node';
const config = testConfig(NAME);
/** A demo-fleet store (seeded) whose own credentials the tentacle below accepts. */
const COMPANY = 101;
const STORE = 2;
const CREDENTIALS = { username: 'manager', password: `demo-site-${COMPANY}-${STORE}` };
/** A company for the media schedule, with its folder on the real media server. */
const MEDIA_COMPANY = 7;
const FOLDER = 'AcmeFuels-7';
/** The login limit per user name and address (LOGIN_LIMITS). */
const LOGIN_LIMIT = LOGIN_LIMITS.perNameAndAddress.attempts;
const BROADCAST = `${SITE_API.relayPrefix}/broadcastMessage`;

/**
 * The platform as it is scaled out: two API nodes (dist/main.js, BACKEND_ROLE=api) and one
 * worker (dist/worker.js) as separate processes on one database and one Redis, with the real
 * media server. API nodes only enqueue; what runs jobs and sweeps is the worker.
 */
describe('two API nodes and a worker', () => {
  let a: BackendProcess;
  let b: BackendProcess;
  let worker: BackendProcess;
  let media: ChildServer;
  let mediaPort: number;
  let dataDir: string;
  let db: mongoose.Connection;
  let admin: string;
  const sockets: Socket[] = [];
  const received: SiteRequest[] = [];

  const env = (): Record<string, string> => ({
    MONGODB_URI: config.mongoUri,
    REDIS_URL: config.redisUrl,
    REDIS_PREFIX: config.redisPrefix,
    JWT_SECRET: TEST_JWT_SECRET,
    TENTACLE_SECRET: TEST_TENTACLE_SECRET,
    SITE_CREDENTIALS_KEY: TEST_SITE_CREDENTIALS_KEY,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    MEDIA_SERVER_URL: `http://127.0.0.1:${mediaPort}`,
    // A store that stops pinging is dropped by the worker's ping check within about 5 s.
    TENTACLE_CHECK_INTERVAL_MS: '1000',
    TENTACLE_MAX_MISSED_PINGS: '4',
    BACKEND_ROLE: 'api',
    LOG_LEVEL: 'info',
  });
  const startApi = async () => {
    const node = startBackend(await freePort(), env());
    await withOutputOf(node, node.ready);
    return node;
  };
  const runWorker = async () => {
    worker = startWorker(env());
    await withOutputOf(worker, worker.ready);
  };

  beforeAll(async () => {
    mediaPort = await freePort();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'multi-node-'));
    // Seed the database the child processes use (demo fleet, admin, a media company), then leave
    // it to them. The seeder is an API node too, so it runs no job.
    const seeder = await createTestApp(NAME, { config: { role: 'api' } });
    await seeder.app.get(IntegrationCompaniesRepository).insert({
      companyId: MEDIA_COMPANY,
      companyName: 'Acme Fuels',
      stores: [{ storeId: 1, storeName: 'One', isActive: true }],
      mediaFileLimit: 20,
      tagLimit: 10,
    });
    await seeder.app.close();
    db = await mongoose.createConnection(config.mongoUri).asPromise();
    [a, b] = await Promise.all([startApi(), startApi()]);
    await runWorker();
    media = await startMediaServer({ backendUrl: a.url, dataDir, port: mediaPort });
    await media.ready;
    admin = await loginOn(b, TEST_ADMIN.username, TEST_ADMIN.password).then(
      (r) => r.body.token as string,
    );
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all([a?.stop(), b?.stop(), worker?.stop(), media?.stop()]);
    await db?.dropDatabase();
    await db?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const loginOn = (node: BackendProcess, username: string, password: string) =>
    request(node.url).post(API.login).send({ username, password });

  /** The store's tentacle on `node`, answering its own login and every relayed call. */
  async function connectStore(node: BackendProcess): Promise<Socket> {
    const socket = openTentacle(node.url, {
      company: COMPANY,
      store: STORE,
      tentacleVersion: '2.0.0',
    });
    sockets.push(socket);
    socket.on(SITE_SOCKET.loginEvent, (creds: typeof CREDENTIALS, ack: (r: unknown) => void) =>
      ack({
        success: creds.username === CREDENTIALS.username && creds.password === CREDENTIALS.password,
      }),
    );
    socket.on(SITE_SOCKET.requestEvent, (req: SiteRequest, ack: (r: unknown) => void) => {
      received.push(req);
      ack({ status: 200, body: { version: `store on ${node.port} ${req.path}` } });
    });
    await connected(socket);
    await eventually(
      async () => (await storeStatus(a.url, COMPANY, STORE)).status,
      (s) => s !== STORE_STATUS.offline,
    );
    return socket;
  }
  const statusOn = async (node: BackendProcess) =>
    (await storeStatus(node.url, COMPANY, STORE)).status;
  const closeConnection = (node: BackendProcess) =>
    request(node.url)
      .post(SITE_API.siteLogout)
      .set(ACCESS_TOKEN_HEADER, admin)
      .send({ company: COMPANY, store: STORE });

  it('counts failed logins over both nodes against one limit', async () => {
    const name = 'guessed@multi-node.test';
    for (let batch = 0; batch < LOGIN_LIMIT / 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => loginOn(i % 2 ? b : a, name, 'Wrong-guess-1')),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(401));
    }
    for (const node of [a, b]) {
      const refused = await loginOn(node, name, 'Wrong-guess-1').expect(429);
      expect(errorBodySchema.parse(refused.body).code).toBe(ERROR_CODE.tooManyRequests);
    }
    await loginOn(a, TEST_ADMIN.username, TEST_ADMIN.password).expect(200);
  });

  it('relays from either node to the store whose socket the other node holds', async () => {
    for (const [holder, caller] of [
      [a, b],
      [b, a],
    ] as const) {
      const store = await connectStore(holder);
      const siteToken = await connectAndLogin(caller.url, admin, {
        company: COMPANY,
        store: STORE,
      });
      const res = await request(caller.url)
        .get(SITE_API.ping)
        .set(SITE_TOKEN_HEADER, siteToken)
        .query({ c: COMPANY, s: STORE })
        .expect(200);
      expect(siteVersionSchema.parse(res.body).version).toBe(`store on ${holder.port} /ping`);
      await closeConnection(caller).expect(200);
      store.disconnect();
      await eventually(
        () => statusOn(caller),
        (s) => s === STORE_STATUS.offline,
      );
    }
  });

  it('pushes live status to a portal on the other node, and the worker’s drops too', async () => {
    const portal = openSocket(`${b.url}${LIVE_STATUS.namespace}`, { token: admin });
    sockets.push(portal);
    await connected(portal);
    const nextPush = () =>
      new Promise<void>((resolve) => portal.once(LIVE_STATUS.storesChangedEvent, () => resolve()));

    const online = nextPush();
    await connectStore(a);
    await online;
    // The store stays connected but never pings: the worker's ping check drops it, and its push
    // (through the Redis emitter: the worker has no socket.io server) reaches node B. Listened
    // for once the pushes of the connection are over.
    const settled = Date.now() + 3 * LIVE_STATUS.throttleMs;
    await eventually(
      async () => Date.now(),
      (now) => now > settled,
    );
    expect(await statusOn(b)).toBe(STORE_STATUS.online);
    await new Promise<void>((resolve) =>
      portal.on(LIVE_STATUS.storesChangedEvent, () => {
        void statusOn(b).then((status) => status === STORE_STATUS.offline && resolve());
      }),
    );
  });

  it('delivers a message held for an offline store when it reconnects to the other node', async () => {
    const store = await connectStore(a);
    const siteToken = await connectAndLogin(b.url, admin, { company: COMPANY, store: STORE });
    store.disconnect();
    await eventually(
      () => statusOn(a),
      (s) => s === STORE_STATUS.offline,
    );
    const held = await request(a.url)
      .post(BROADCAST)
      .set(SITE_TOKEN_HEADER, siteToken)
      .query({ c: COMPANY, s: STORE })
      .send({ text: 'held across nodes' })
      .expect(202);
    expect(relayQueuedSchema.parse(held.body).queued).toBe(true);

    received.length = 0;
    await connectStore(b);
    await eventually(
      async () => received,
      (list) => list.some((r) => r.path === storePathOf(BROADCAST)),
    );
    expect(received.find((r) => r.path === storePathOf(BROADCAST))?.body).toEqual({
      text: 'held across nodes',
    });
  });

  it('moves a schedule on the worker only: one planned while it was down starts once it is back', async () => {
    const api = (method: 'get' | 'post', node: BackendProcess, url: string) =>
      request(node.url)[method](url).set(ACCESS_TOKEN_HEADER, admin);
    const onMedia = (url: string) =>
      request(`http://127.0.0.1:${mediaPort}`).post(url).set(ACCESS_TOKEN_HEADER, admin);
    await api('post', a, MEDIA_PORTAL_API.addMediaFolders)
      .send({ companyId: MEDIA_COMPANY, mediaFolderName: FOLDER, tagsList: [] })
      .expect(200);
    await api('post', b, MEDIA_PORTAL_API.addTagFolder)
      .send({ companyId: MEDIA_COMPANY, newTag: 'promo' })
      .expect(200);
    await onMedia(`/mediaimage?dir=${FOLDER}`).attach('file', PNG, 'a.png').expect(200);

    const statusOf = (id: string) => scheduleStatus((url) => api('get', b, url), FOLDER, id);

    await worker.stop();
    const startAt = Date.now() + 1000;
    const s = scheduleSchema.parse(
      (
        await api('post', a, MEDIA_PORTAL_API.addSchedule)
          .send({
            schedule: {
              companyId: MEDIA_COMPANY,
              destination: 'promo',
              startDate: new Date(startAt).toISOString(),
              endDate: new Date(startAt + 3600_000).toISOString(),
              files: ['a.png'],
            },
          })
          .expect(200)
      ).body,
    );
    // Past its start with no worker running: the API nodes only planned the job.
    await eventually(
      async () => Date.now(),
      (now) => now > startAt + 1500,
    );
    expect(await statusOf(s._id)).toBe('READY');

    await runWorker();
    await eventually(
      () => statusOf(s._id),
      (status) => status === 'ACTIVE',
    );
    const tagFiles = mediaListResultSchema
      .parse(
        (
          await request(`http://127.0.0.1:${mediaPort}`)
            .get(`/medialist?dir=${FOLDER}&tag=promo`)
            .set(ACCESS_TOKEN_HEADER, admin)
            .expect(200)
        ).body,
      )
      .files.map((f) => f.filename);
    expect(tagFiles).toEqual(['a.png']);
    expect(worker.output()).toContain(`Schedule ${s._id} ACTIVE`);
    for (const node of [a, b]) expect(node.output()).not.toContain(`Schedule ${s._id} ACTIVE`);
  });
});
