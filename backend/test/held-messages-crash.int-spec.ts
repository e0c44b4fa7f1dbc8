import {
  API,
  buildSiteMessage,
  loginResultSchema,
  MESSAGE_TYPE,
  MESSAGING_API,
  messengerQuery,
  OUTBOX_STATE,
  relayQueuedSchema,
  SIMULATOR_API,
  SITE_TOKEN_HEADER,
  simulatedMessagesSchema,
  simulatedMessengerSchema,
  STORE_STATUS,
} from '@store-cloud/contracts';
import mongoose from 'mongoose';
import request from 'supertest';
import { freePort } from '../../e2e/stack/ports';
import {
  createTestApp,
  TEST_ADMIN,
  TEST_JWT_SECRET,
  TEST_SITE_CREDENTIALS_KEY,
  TEST_TENTACLE_SECRET,
  testConfig,
} from './create-app';
import { eventually } from './eventually';
import { type BackendProcess, type ChildServer, startBackend, startSimulator } from './processes';
import { forgetRedisKeys } from './redis-keys';
import { connectAndLogin } from './site-connection';
import { storeStatus } from './store-status';

const NAME = 'held_messages_crash';
const COMPANY = 101;
const config = testConfig(NAME);
/** A claim runs out after twice this: the time a dead node's delivery blocks its store. */
const RELAY_TIMEOUT_MS = 3000;

function messageFor(store: number, content: string) {
  return buildSiteMessage({
    type: MESSAGE_TYPE.message,
    content,
    destinations: ['POS'],
    sites: [{ companyId: COMPANY, storeId: store }],
  });
}

/**
 * The real backend (built, as a child process) killed with SIGKILL while it holds a message for
 * an offline store, and while it is delivering one: after a restart the message reaches the
 * store, and the outbox records how many attempts it took.
 */
describe('held messages across a backend killed with SIGKILL', () => {
  let port: number;
  let backend: BackendProcess;
  let simulator: ChildServer;
  let db: mongoose.Connection;
  let admin: string;

  const start = async () => {
    backend = startBackend(port, {
      MONGODB_URI: config.mongoUri,
      REDIS_URL: config.redisUrl,
      REDIS_PREFIX: config.redisPrefix,
      JWT_SECRET: TEST_JWT_SECRET,
      TENTACLE_SECRET: TEST_TENTACLE_SECRET,
      SITE_CREDENTIALS_KEY: TEST_SITE_CREDENTIALS_KEY,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      TENTACLE_CHECK_INTERVAL_MS: '200',
      TENTACLE_MAX_MISSED_PINGS: '2',
      RELAY_TIMEOUT_MS: String(RELAY_TIMEOUT_MS),
      OUTBOX_SWEEP_INTERVAL_MS: '300',
      LOG_LEVEL: 'info',
    });
    await backend.ready;
  };

  beforeAll(async () => {
    // Seed the database the child backends will use, then leave it to them.
    const seeder = await createTestApp(NAME);
    await seeder.app.close();
    db = await mongoose.createConnection(config.mongoUri).asPromise();
    port = await freePort();
    await start();
    admin = loginResultSchema.parse(
      (await request(backend.url).post(API.login).send(TEST_ADMIN).expect(200)).body,
    ).token!;
    simulator = await startSimulator({ backendUrl: backend.url, pingIntervalMs: 100 });
    await eventually(
      () => Promise.all([statusOf(1), statusOf(2)]),
      (all) => all.every((s) => s === STORE_STATUS.online),
    );
  }, 60_000);
  afterAll(async () => {
    await simulator?.stop();
    await backend?.stop();
    await db?.dropDatabase();
    await db?.close();
    await forgetRedisKeys(config.redisUrl, config.redisPrefix);
  });

  const statusOf = async (store: number) => (await storeStatus(backend.url, COMPANY, store)).status;
  const control = async (route: string, body?: object) => {
    const res = await fetch(`${simulator.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.status).toBe(200);
  };
  const contentsReceivedBy = async (store: number) =>
    simulatedMessagesSchema
      .parse(
        await (
          await fetch(`${simulator.url}${SIMULATOR_API.storeMessages(COMPANY, store)}`)
        ).json(),
      )
      .filter((m) => m.path === '/broadcastMessage')
      .map((m) => (m.body as { payload: { content: string } }).payload.content);
  /** What the store's messenger applied (its history), not every call it received. */
  const appliedBy = async (store: number) =>
    simulatedMessengerSchema
      .parse(
        await (
          await fetch(`${simulator.url}${SIMULATOR_API.storeMessenger(COMPANY, store)}`)
        ).json(),
      )
      .history.map((e) => e.message.payload.content);
  const outboxEntry = async (id: string) =>
    db.collection('siteoutbox').findOne({ _id: new mongoose.Types.ObjectId(id) });

  /** Logs in to the store, takes it offline and posts a message: held (202); answers its id. */
  async function hold(store: number, content: string): Promise<string> {
    // After a restart the online list (Redis) may still name the store before its socket is
    // back on the new backend: the site login succeeds once the store is reachable again.
    const siteToken = await eventually(
      () => connectAndLogin(backend.url, admin, { company: COMPANY, store }).catch(() => undefined),
      (token) => token !== undefined,
    );
    await control(SIMULATOR_API.storeOffline(COMPANY, store));
    await eventually(
      () => statusOf(store),
      (s) => s === STORE_STATUS.offline,
    );
    const res = await request(backend.url)
      .post(MESSAGING_API.broadcastMessage)
      .set(SITE_TOKEN_HEADER, siteToken!)
      .query(messengerQuery(COMPANY, store))
      .send(messageFor(store, content))
      .expect(202);
    return relayQueuedSchema.parse(res.body).item.id;
  }

  it('delivers a message held before the kill once the store returns to the restarted backend', async () => {
    const id = await hold(1, 'held across a crash');
    await backend.kill();
    await start();
    await control(SIMULATOR_API.storeOnline(COMPANY, 1));
    await eventually(
      () => contentsReceivedBy(1),
      (list) => list.includes('held across a crash'),
    );
    const entry = await eventually(
      () => outboxEntry(id),
      (e) => e?.state === OUTBOX_STATE.delivered,
    );
    expect(entry).toMatchObject({ attempts: 1, replyStatus: 200, user: TEST_ADMIN.username });
  }, 60_000);

  it('delivers again, and records the second attempt, a message whose delivery the kill cut short', async () => {
    const id = await hold(2, 'cut short');
    // The store takes its time to acknowledge, so the kill lands mid-delivery.
    await control(SIMULATOR_API.storeSlow(COMPANY, 2), { delayMs: 60_000 });
    await control(SIMULATOR_API.storeOnline(COMPANY, 2));
    await eventually(
      () => outboxEntry(id),
      (e) => e?.state === OUTBOX_STATE.delivering,
    );
    // Mid-delivery means the store has the message but has not acknowledged it yet: the claim
    // is written before the emit, so wait for the store's copy, not only the outbox state.
    await eventually(
      () => contentsReceivedBy(2),
      (list) => list.includes('cut short'),
    );
    await backend.kill();
    await control(SIMULATOR_API.storeSlow(COMPANY, 2), { delayMs: 0 });
    await start();
    // After the dead node's claim runs out, the restarted backend sends it again.
    const entry = await eventually(
      () => outboxEntry(id),
      (e) => e?.state === OUTBOX_STATE.delivered,
    );
    expect(entry).toMatchObject({ attempts: 2, replyStatus: 200 });
    // At least once on the wire: the store got it twice, and the outbox says so (attempts 2).
    expect((await contentsReceivedBy(2)).filter((c) => c === 'cut short')).toHaveLength(2);
    // Exactly once as the store sees it (issue 24): the same message id is applied once.
    expect((await appliedBy(2)).filter((c) => c === 'cut short')).toHaveLength(1);
  }, 60_000);
});
