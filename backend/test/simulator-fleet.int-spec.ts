import { DEMO_FLEET, SIMULATOR_API } from '@store-cloud/contracts';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { DEMO_STORE_COUNT } from './fixtures';
import { type ChildServer, startSimulator, withOutputOf } from './processes';
import { allStoresStatus } from './store-status';

/** The real router simulator process with the demo fleet, against a real backend. */
describe('router simulator fleet against the backend', () => {
  let t: TestApp;
  let simulator: ChildServer;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp('simulator_fleet', {
      config: { tentacleCheckIntervalMs: 200, tentacleMaxMissedPings: 2 },
    });
    token = await t.login(TEST_ADMIN);
    simulator = await startSimulator({ backendUrl: t.baseUrl, pingIntervalMs: 100 });
  });
  afterAll(async () => {
    await simulator?.stop();
    await t?.close();
  });

  const statuses = () => allStoresStatus(t.baseUrl, token);
  const statusOf = async (companyId: number, storeId: number) =>
    (await statuses()).find((s) => s.companyId === companyId && s.storeId === storeId)?.status;
  const control = async (route: string) => {
    const res = await fetch(`${simulator.url}${route}`, { method: 'POST' });
    expect(res.status).toBe(200);
  };

  it('brings every store of the demo fleet online with its tentacle version', async () => {
    const all = await withOutputOf(
      simulator,
      eventually(statuses, (list) => list.every((s) => s.status === 1)),
    );
    expect(all).toHaveLength(DEMO_STORE_COUNT);
    const harbour = all.find((s) => s.companyId === 101 && s.storeId === 1);
    expect(harbour?.tentacleVersion).toBe(DEMO_FLEET.companies[0]!.stores[0]!.versions.tentacle);
  });

  it('follows a store taken offline and back online through the control API', async () => {
    await control(SIMULATOR_API.storeOffline(202, 2));
    await eventually(
      () => statusOf(202, 2),
      (s) => s === 0,
    );
    // The others keep pinging.
    expect((await statuses()).filter((s) => s.status === 1)).toHaveLength(DEMO_STORE_COUNT - 1);
    await control(SIMULATOR_API.storeOnline(202, 2));
    await eventually(
      () => statusOf(202, 2),
      (s) => s === 1,
    );
  });
});
