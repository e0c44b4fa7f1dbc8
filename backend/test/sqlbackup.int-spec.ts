import {
  ACCESS_TOKEN_HEADER,
  APP,
  classifySqlBackupInstallation,
  countSqlBackupOutcomes,
  DEMO_FLEET,
  SIMULATOR_API,
  simulatedSqlBackupSchema,
  SQL_BACKUP_API,
  SQL_BACKUP_OUTCOMES,
  type SqlBackupInstallation,
  sqlBackupInstallationsResultSchema,
  USER_TYPE,
  type UserTypeName,
} from '@store-cloud/contracts';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { DEMO_STORE_COUNT } from './fixtures';
import { type ChildServer, startSimulator, withOutputOf } from './processes';
import { demoFleetAccess } from './users';

/** SQL backup status: the simulated stores report, the dashboard's call reads the latest. */
describe('SQL backup installations reported by the simulator', () => {
  let t: TestApp;
  let simulator: ChildServer;
  let admin: string;

  beforeAll(async () => {
    // The simulator reports every 500 ms; silent for three of the backend's 1 s intervals, a
    // store's installations are stale.
    t = await createTestApp('sqlbackup', { config: { sqlBackupReportIntervalMs: 1000 } });
    admin = await t.login(TEST_ADMIN);
    simulator = await startSimulator({
      backendUrl: t.baseUrl,
      pingIntervalMs: 1000,
      env: { SQL_BACKUP_REPORT_INTERVAL_MS: '500', MEDIA_POLL_INTERVAL_MS: '0' },
    });
  });
  afterAll(async () => {
    await simulator?.stop();
    await t?.close();
  });

  const installations = async (token = admin) =>
    sqlBackupInstallationsResultSchema.parse(
      (
        await request(t.baseUrl)
          .get(SQL_BACKUP_API.installations)
          .set(ACCESS_TOKEN_HEADER, token)
          .expect(200)
      ).body,
    );
  const stores = (data: { CompanyId: number; StoreId: number }[]) =>
    new Set(data.map((i) => `${i.CompanyId}/${i.StoreId}`));
  const ofStore = (
    data: (SqlBackupInstallation & { CompanyId: number; StoreId: number })[],
    c: number,
    s: number,
  ) => data.filter((i) => i.CompanyId === c && i.StoreId === s);

  async function userWith(name: string, usertype: UserTypeName, companyIds: number[]) {
    const password = 'SqlBackup-Pass-1';
    const user = await t.createUser({
      username: `${name}@sqlbackup.test`,
      password,
      usertype,
      applications: [APP.messageManager],
      access: demoFleetAccess(companyIds.map((companyId) => [companyId])),
    });
    return t.login({ username: user.username, password });
  }

  it('keeps what every store reported: every outcome of the dashboard, with the store it belongs to', async () => {
    const result = await withOutputOf(
      simulator,
      eventually(installations, (r) => stores(r.Data).size === DEMO_STORE_COUNT),
    );
    expect(result.IsSuccess).toBe(true);
    const counts = countSqlBackupOutcomes(result.Data);
    for (const outcome of SQL_BACKUP_OUTCOMES) expect(counts[outcome]).toBeGreaterThan(0);

    const reported = simulatedSqlBackupSchema.parse(
      await (await fetch(`${simulator.url}${SIMULATOR_API.storeSqlBackup(101, 1)}`)).json(),
    );
    const stored = ofStore(result.Data, 101, 1);
    expect(stored.map((i) => i.Id)).toEqual(reported.installations.map((i) => i.Id));
    expect(stored[0]).toMatchObject({
      CompanyId: 101,
      StoreId: 1,
      StoreName: DEMO_FLEET.companies[0]!.stores[0]!.storeName,
      ReportedAt: expect.any(String),
    });
  });

  it('replaces a store’s installations with its latest report', async () => {
    const failing: SqlBackupInstallation = {
      Id: 'SQLBK-202-1-replaced',
      Name: 'Replaced installation',
      Status: 'ACTIVE',
      Version: '3.0.0',
      Jobs: [
        {
          Id: 'full',
          Name: 'Full Backup',
          LastRun: {
            Status: 'FAILED',
            StartedAt: '2026-01-01T01:00:00.000Z',
            FinishedAt: '2026-01-01T01:05:00.000Z',
          },
        },
      ],
    };
    const res = await fetch(`${simulator.url}${SIMULATOR_API.storeSqlBackup(202, 1)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ installations: [failing] }),
    });
    expect(res.status).toBe(200);
    const after = await eventually(installations, (r) =>
      ofStore(r.Data, 202, 1).some((i) => i.Id === failing.Id),
    );
    const store = ofStore(after.Data, 202, 1);
    expect(store).toHaveLength(1);
    expect(classifySqlBackupInstallation(store[0]!)).toBe('failed');
    expect(store[0]).toMatchObject(failing);
    // The other stores keep theirs.
    expect(stores(after.Data).size).toBe(DEMO_STORE_COUNT);
  });

  it('marks an installation stale when its last successful backup is older than SQLBACKUP_STALE_HOURS', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const run = (status: string, h: number) => ({
      Status: status,
      StartedAt: hoursAgo(h),
      FinishedAt: hoursAgo(h - 0.2),
    });
    const job = (id: string, lastRun: ReturnType<typeof run> | null) => ({
      Id: id,
      Name: id,
      LastRun: lastRun,
    });
    const installation = (id: string, jobs: SqlBackupInstallation['Jobs']) => ({
      Id: id,
      Name: id,
      Status: 'ACTIVE',
      Version: '3.0.0',
      Jobs: jobs,
    });
    const old = installation('stale-old-success', [job('full', run('SUCCESS', 30))]);
    const recentFailure = installation('stale-failed-after-old', [
      job('full', run('SUCCESS', 40)),
      job('log', run('FAILED', 1)),
    ]);
    const neverSucceeded = installation('stale-never', [job('full', null)]);
    const fresh = installation('fresh', [
      job('full', run('SUCCESS', 30)),
      job('log', run('SUCCESS', 2)),
    ]);
    const res = await fetch(`${simulator.url}${SIMULATOR_API.storeSqlBackup(101, 2)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ installations: [old, recentFailure, neverSucceeded, fresh] }),
    });
    expect(res.status).toBe(200);
    const after = await eventually(installations, (r) =>
      ofStore(r.Data, 101, 2).some((i) => i.Id === fresh.Id),
    );
    const byId = new Map(ofStore(after.Data, 101, 2).map((i) => [i.Id, i]));
    for (const id of [old.Id, recentFailure.Id, neverSucceeded.Id])
      expect(byId.get(id)).toMatchObject({ stale: true, staleReason: 'backupOverdue' });
    expect(byId.get(fresh.Id)).toMatchObject({ stale: false });
    expect(byId.get(fresh.Id)).not.toHaveProperty('staleReason');
    // The simulator's own installations (not those the tests replaced) succeeded within hours.
    const own = after.Data.filter((i) => /^SQLBK-\d+-\d+-\d+$/.test(i.Id));
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((i) => i.stale)).toEqual([]);
  });

  it('shows a user only the companies it may access, and only to the admin types', async () => {
    const support = await userWith('support-101', USER_TYPE.SUPPORT_ADMIN, [101]);
    const theirs = await installations(support);
    expect(theirs.Data.length).toBeGreaterThan(0);
    expect(new Set(theirs.Data.map((i) => i.CompanyId))).toEqual(new Set([101]));

    const basic = await userWith('basic-all', USER_TYPE.BASIC, [101, 202, 303]);
    await request(t.baseUrl)
      .get(SQL_BACKUP_API.installations)
      .set(ACCESS_TOKEN_HEADER, basic)
      .expect(403);
    await request(t.baseUrl).get(SQL_BACKUP_API.installations).expect(401);
  });

  // Last: it stops the simulator.
  it('marks every installation of a store stale once it has not reported for three intervals', async () => {
    const before = await installations();
    expect(before.Data.some((i) => i.staleReason === 'reportOverdue')).toBe(false);
    await simulator.stop();
    const after = await eventually(
      installations,
      (r) => r.Data.length > 0 && r.Data.every((i) => i.staleReason === 'reportOverdue'),
      15_000,
    );
    expect(after.Data.every((i) => i.stale)).toBe(true);
    expect(after.Data).toHaveLength(before.Data.length);
  });
});
