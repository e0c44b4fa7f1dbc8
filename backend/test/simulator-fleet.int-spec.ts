import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  API,
  COMPANY_API,
  DEMO_FLEET,
  loginResultSchema,
  SIMULATOR_API,
  type StoreStatus,
  storeStatusListSchema,
} from '@store-cloud/contracts';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, TEST_TENTACLE_SECRET, type TestApp } from './create-app';
import { freePort } from '../../e2e/stack/ports';
import { eventually } from './eventually';

const SIMULATOR_MAIN = path.join(__dirname, '..', '..', 'router-simulator', 'src', 'main.ts');
const STORE_COUNT = DEMO_FLEET.companies.reduce((n, c) => n + c.stores.length, 0);

/** The real router simulator process with the demo fleet, against a real backend. */
describe('router simulator fleet against the backend', () => {
  let t: TestApp;
  let simulator: ChildProcess;
  let simulatorUrl: string;
  let token: string;
  let output = '';

  beforeAll(async () => {
    t = await createTestApp('simulator_fleet', {
      config: { tentacleCheckIntervalMs: 200, tentacleMaxMissedPings: 2 },
    });
    token = loginResultSchema.parse(
      (await request(t.baseUrl).post(API.login).send(TEST_ADMIN).expect(200)).body,
    ).token!;
    const port = await freePort();
    simulatorUrl = `http://127.0.0.1:${port}`;
    simulator = spawn(process.execPath, ['--import', 'tsx', SIMULATOR_MAIN], {
      env: {
        PATH: process.env.PATH,
        SIMULATOR_PORT: String(port),
        BACKEND_URL: t.baseUrl,
        TENTACLE_SECRET: TEST_TENTACLE_SECRET,
        TENTACLE_PING_INTERVAL_MS: '100',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    simulator.stdout?.on('data', (c) => (output += c));
    simulator.stderr?.on('data', (c) => (output += c));
  });
  afterAll(async () => {
    if (simulator && simulator.exitCode === null) {
      const exited = new Promise((r) => simulator.once('exit', r));
      simulator.kill('SIGTERM');
      await exited;
    }
    await t?.close();
  });

  const statuses = async (): Promise<StoreStatus[]> =>
    storeStatusListSchema.parse(
      (
        await request(t.baseUrl)
          .get(COMPANY_API.allStoresStatus)
          .set(ACCESS_TOKEN_HEADER, token)
          .expect(200)
      ).body,
    );
  const statusOf = async (companyId: number, storeId: number) =>
    (await statuses()).find((s) => s.companyId === companyId && s.storeId === storeId)?.status;
  const control = async (route: string) => {
    const res = await fetch(`${simulatorUrl}${route}`, { method: 'POST' });
    expect(res.status).toBe(200);
  };

  it('brings every store of the demo fleet online with its tentacle version', async () => {
    const all = await eventually(statuses, (list) => list.every((s) => s.status === 1)).catch(
      (error: Error) => {
        throw new Error(`${error.message}\nsimulator output:\n${output}`);
      },
    );
    expect(all).toHaveLength(STORE_COUNT);
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
    expect((await statuses()).filter((s) => s.status === 1)).toHaveLength(STORE_COUNT - 1);
    await control(SIMULATOR_API.storeOnline(202, 2));
    await eventually(
      () => statusOf(202, 2),
      (s) => s === 1,
    );
  });
});
