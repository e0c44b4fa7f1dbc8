import { SIMULATOR_API } from '@store-cloud/contracts';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { type ChildServer, startFleetFor, withOutputOf } from './processes';
import {
  clearAlerts,
  createRule,
  FAST_ALERTS,
  incidents,
  movableClock,
  outbox,
  sweptAs,
} from './alerts-support';
import { forgetRedisKeys } from './redis-keys';

/**
 * Issue 26 with the real simulator: a store taken offline through its control API gives one
 * incident after the rule's grace and one notice in the outbox; back online it resolves with a
 * "back online" notice; quiet hours hold the notice, not the incident; a flapping store gives one
 * flapping incident and no offline one; a Redis flush opens nothing.
 */
describe('alerts on the fleet', () => {
  // Each test waits for the sweep, the ping check and the simulator several times over.
  jest.setTimeout(90_000);
  let t: TestApp;
  let simulator: ChildServer;
  let token: string;
  let clock: ReturnType<typeof movableClock>;

  beforeAll(async () => {
    t = await createTestApp('alerts_stores', {
      config: { tentacleCheckIntervalMs: 200, tentacleMaxMissedPings: 2, alerts: FAST_ALERTS },
    });
    token = await t.login(TEST_ADMIN);
    // One Clock for the whole file, only ever moved forward.
    clock = movableClock();
    simulator = await startFleetFor(t.baseUrl, [
      [202, 1],
      [202, 2],
    ]);
  }, 120_000);
  beforeEach(async () => {
    await clearAlerts(t);
    // An hour apart: one test's transitions are outside the next one's flapping window.
    clock.forward(3_600_000);
  });
  afterEach(async () => {
    await control(SIMULATOR_API.storeOnline(202, 2));
    await sweptAs(t, 202, 2, true);
  });
  afterAll(async () => {
    clock?.restore();
    await simulator?.stop();
    await t?.close();
  });

  const control = async (route: string) => {
    const res = await fetch(`${simulator.url}${route}`, { method: 'POST' });
    expect(res.status).toBe(200);
  };
  const open = (kind?: string) =>
    incidents(t, token, { state: 'open', companyId: 202, ...(kind ? { kind } : {}) });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const rule = {
    companyId: 202,
    name: 'Ops',
    kinds: ['store-offline' as const],
    graceSeconds: 60,
    recipients: { emails: ['ops@example.test'], webhookIds: [] },
  };
  /** Offline until the sweep has seen it (settled), then past the grace. */
  const offlinePastGrace = async () => {
    await control(SIMULATOR_API.storeOffline(202, 2));
    await sweptAs(t, 202, 2, false);
    clock.forward(61_000);
  };

  it('opens one incident after the grace, notifies once, and resolves with a back-online notice', async () => {
    await createRule(t, token, rule);
    await control(SIMULATOR_API.storeOffline(202, 2));
    await sweptAs(t, 202, 2, false);
    // Within the grace: nothing yet.
    expect(await open()).toHaveLength(0);
    clock.forward(61_000);
    const [incident] = await withOutputOf(
      simulator,
      eventually(open, (list) => list.length === 1),
    );
    expect(incident).toMatchObject({ kind: 'store-offline', storeId: 2, state: 'open' });
    const opened = await eventually(
      () => outbox(t, `${incident!.id}:opened`),
      (docs) => docs.length === 1,
    );
    expect(opened[0]).toMatchObject({
      recipient: 'email:ops@example.test',
      event: 'incident.opened',
    });
    expect(opened[0]!.subject).toContain('is offline');

    await control(SIMULATOR_API.storeOnline(202, 2));
    await eventually(open, (list) => list.length === 0);
    const resolved = await eventually(
      () => outbox(t, `${incident!.id}:resolved`),
      (docs) => docs.length === 1,
    );
    expect(resolved[0]!.subject).toContain('back online');
    // Sweeps went on meanwhile: still one notice each.
    await sleep(500);
    expect(await outbox(t)).toHaveLength(2);
  });

  it('holds the notice, not the incident, during quiet hours', async () => {
    const now = clock.now();
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    // A quiet window from a minute ago to two hours on (UTC), every day.
    const from = new Date(now.getTime() - 60_000);
    const to = new Date(now.getTime() + 2 * 3_600_000);
    await createRule(t, token, {
      ...rule,
      quietHours: [{ days: [0, 1, 2, 3, 4, 5, 6], from: hhmm(from), to: hhmm(to) }],
      timeZone: 'UTC',
    });
    await offlinePastGrace();
    const [incident] = await eventually(open, (list) => list.length === 1);
    await sleep(600);
    expect(await outbox(t, `${incident!.id}:opened`)).toHaveLength(0);
    // Past the quiet time: the notice goes.
    clock.forward(2 * 3_600_000 + 60_000);
    await eventually(
      () => outbox(t, `${incident!.id}:opened`),
      (docs) => docs.length === 1,
    );
  });

  it('gives a flapping store one flapping incident and no offline one', async () => {
    await createRule(t, token, {
      ...rule,
      kinds: ['store-offline', 'store-flapping'],
      flapping: { transitions: 3, minutes: 10 },
    });
    for (let i = 0; i < 3; i++) {
      await control(SIMULATOR_API.storeOffline(202, 2));
      await sweptAs(t, 202, 2, false);
      await control(SIMULATOR_API.storeOnline(202, 2));
      await sweptAs(t, 202, 2, true);
    }
    const flapping = await eventually(
      () => open('store-flapping'),
      (list) => list.length === 1,
    );
    // Offline past the grace while it flaps: still no offline incident.
    await offlinePastGrace();
    await sleep(600);
    expect(await open('store-offline')).toHaveLength(0);
    expect(await open('store-flapping')).toEqual(flapping);
    expect((await outbox(t)).filter((d) => d.event === 'incident.opened')).toHaveLength(1);
  });

  it('opens nothing when Redis forgets the online list', async () => {
    await createRule(t, token, { ...rule, kinds: ['store-offline', 'store-flapping'] });
    await offlinePastGrace();
    const [incident] = await eventually(open, (list) => list.length === 1);
    await forgetRedisKeys(process.env.REDIS_URL ?? t.config.redisUrl, t.config.redisPrefix);
    await sleep(FAST_ALERTS.offlineSettleMs + 1000);
    // The offline store's incident stays, its notice was written once, and no other store flapped
    // or went offline.
    expect(await open()).toEqual([incident]);
    expect(await outbox(t, `${incident!.id}:opened`)).toHaveLength(1);
  });
});
