import { SIMULATOR_API } from '@store-cloud/contracts';
import {
  createTestApp,
  TEST_ADMIN,
  TEST_JWT_SECRET,
  TEST_SITE_CREDENTIALS_KEY,
  TEST_TENTACLE_SECRET,
  type TestApp,
} from './create-app';
import { clearAlerts, createRule, incidents, outbox } from './alerts-support';
import { eventually } from './eventually';
import {
  type BackendProcess,
  type ChildServer,
  startFleetFor,
  startWorker,
  withOutputOf,
} from './processes';
import { forgetRedisKeys } from './redis-keys';

/**
 * Issue 26, durability: the built worker (dist/worker.js) is killed with SIGKILL the moment the
 * incident appears, between opening it and enqueueing its notice (or just after); the next worker
 * sends the notice exactly once. A Redis flush meanwhile loses nothing: the incident, its notice
 * and the presences are in the database.
 */
describe('alerts across a worker crash', () => {
  let t: TestApp;
  let simulator: ChildServer;
  let worker: BackendProcess | undefined;
  let token: string;

  const env = (): Record<string, string> => ({
    MONGODB_URI: t.config.mongoUri,
    REDIS_URL: t.config.redisUrl,
    REDIS_PREFIX: t.config.redisPrefix,
    JWT_SECRET: TEST_JWT_SECRET,
    TENTACLE_SECRET: TEST_TENTACLE_SECRET,
    SITE_CREDENTIALS_KEY: TEST_SITE_CREDENTIALS_KEY,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    TENTACLE_CHECK_INTERVAL_MS: '200',
    TENTACLE_MAX_MISSED_PINGS: '2',
    ALERT_SWEEP_INTERVAL_MS: '100',
    ALERT_OFFLINE_SETTLE_MS: '300',
    LOG_LEVEL: 'info',
  });
  const runWorker = async () => {
    worker = startWorker(env());
    await withOutputOf(worker, worker.ready);
  };

  beforeAll(async () => {
    // An API node only: the sweeps run in the worker processes the test starts and kills.
    t = await createTestApp('alerts_crash', { config: { role: 'api' } });
    token = await t.login(TEST_ADMIN);
    await clearAlerts(t);
    await runWorker();
    simulator = await startFleetFor(t.baseUrl, [[202, 2]]);
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await simulator?.stop();
    await t?.close();
  });

  it('sends the notice of an incident exactly once when the worker dies at the incident', async () => {
    await createRule(t, token, {
      companyId: 202,
      name: 'Ops',
      kinds: ['store-offline'],
      graceSeconds: 30,
      recipients: { emails: ['ops@example.test', 'lead@example.test'], webhookIds: [] },
    });
    await fetch(`${simulator.url}${SIMULATOR_API.storeOffline(202, 2)}`, { method: 'POST' });
    const open = () => incidents(t, token, { state: 'open', companyId: 202 });
    // Kill -9 as soon as the incident is in the database (the notice may or may not be queued).
    const [incident] = await withOutputOf(
      worker!,
      eventually(open, (list) => list.length > 0, 60_000),
    );
    await worker!.kill();
    const key = `${incident!.id}:opened`;
    const atKill = (await outbox(t, key)).length;
    // Redis forgets everything while no worker runs.
    await forgetRedisKeys(t.config.redisUrl, t.config.redisPrefix);

    await runWorker();
    const docs = await withOutputOf(
      worker!,
      eventually(
        () => outbox(t, key),
        (d) => d.length === 2,
      ),
    );
    expect(docs.map((d) => d.recipient).sort()).toEqual([
      'email:lead@example.test',
      'email:ops@example.test',
    ]);
    // More sweeps: the same incident, the same two notices.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await outbox(t, key)).toHaveLength(2);
    expect(await open()).toHaveLength(1);
    expect(atKill).toBeLessThanOrEqual(2);
  }, 120_000);
});
