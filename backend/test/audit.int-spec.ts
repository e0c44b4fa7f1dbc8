import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  APP,
  AUDIT_ACTION,
  AUDIT_API,
  type AuditEntryView,
  auditPageSchema,
  buildSiteMessage,
  COMPANY_API,
  DEMO_FLEET,
  MESSAGE_TYPE,
  MESSAGING_API,
  messengerQuery,
  SITE_API,
  SITE_TOKEN_HEADER,
  STORE_STATUS,
  type TargetSite,
  USER_TYPE,
  type UserTypeName,
} from '@store-cloud/contracts';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { type ChildServer, startSimulator, withOutputOf } from './processes';
import { connectAndLogin } from './site-connection';
import { storeStatus } from './store-status';
import { demoFleetAccess } from './users';

const SECRET = 'Audit-Secret-Pass-77';

const target = (companyId: number, storeId: number): TargetSite => {
  const company = DEMO_FLEET.companies.find((c) => c.companyId === companyId)!;
  const store = company.stores.find((s) => s.storeId === storeId)!;
  return { companyId, companyName: company.companyName, storeId, storeName: store.storeName };
};

/**
 * The audit trail (issue 17 point 1) against the real simulator: store connections, a message
 * sent through the relay, a company's credentials and a user's password are recorded with who,
 * what, target and the changed fields, never a password; GET /portal/auditlog filters, pages and
 * limits by user type and company scope.
 */
describe('the audit trail', () => {
  let t: TestApp;
  let simulator: ChildServer;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('audit');
    admin = await t.login(TEST_ADMIN);
    simulator = await startSimulator({
      backendUrl: t.baseUrl,
      pingIntervalMs: 200,
      env: { MEDIA_POLL_INTERVAL_MS: '0' },
    });
    await withOutputOf(
      simulator,
      eventually(
        async () => (await storeStatus(t.baseUrl, 101, 1).catch(() => null))?.status,
        (s) => s === STORE_STATUS.online,
      ),
    );
  });
  afterAll(async () => {
    await simulator?.stop();
    await t?.close();
  });

  const post = (token: string, url: string, body: object) =>
    request(t.baseUrl).post(url).set(ACCESS_TOKEN_HEADER, token).send(body);
  const auditlog = async (query: Record<string, string | number>, token = admin) =>
    auditPageSchema.parse(
      (
        await request(t.baseUrl)
          .get(AUDIT_API.list)
          .query(query)
          .set(ACCESS_TOKEN_HEADER, token)
          .expect(200)
      ).body,
    );
  const actions = (entries: AuditEntryView[]) => entries.map((e) => e.action);

  async function userWith(name: string, usertype: UserTypeName, companyIds: number[] | 'all') {
    const password = 'Audit-User-Pass-1';
    const user = await t.createUser({
      username: `${name}@audit.test`,
      password,
      enabled: true,
      usertype,
      applications: [APP.messageManager],
      access:
        companyIds === 'all'
          ? { all: true, companies: [] }
          : demoFleetAccess(companyIds.map((companyId) => [companyId])),
    });
    return { user, token: await t.login({ username: user.username, password }) };
  }

  it('records a store connection, a sent message, a takeover, a logout and a close', async () => {
    const site = { company: 101, store: 1 };
    const siteToken = await connectAndLogin(t.baseUrl, admin, site);
    const message = buildSiteMessage({
      type: MESSAGE_TYPE.message,
      content: 'Audit me',
      destinations: ['POS'],
      sites: [target(101, 1)],
    });
    await request(t.baseUrl)
      .post(MESSAGING_API.broadcastMessage)
      .send(message)
      .set(SITE_TOKEN_HEADER, siteToken)
      .query(messengerQuery(101, 1))
      .expect(200);
    // The same user connecting again takes its connection over.
    await post(admin, SITE_API.siteConnect, site).expect(200);
    await post(admin, SITE_API.siteLogout, site).expect(200);
    await post(admin, SITE_API.siteConnect, site).expect(200);
    await post(admin, SITE_API.closeSiteConnection, site).expect(200);

    // The message is written without holding up the relay: wait for it.
    const page = await eventually(
      () => auditlog({ company: 101, action: 'site.' }),
      (p) => p.entries.length >= 6,
    );
    expect(actions(page.entries).reverse()).toEqual([
      AUDIT_ACTION.siteConnect,
      AUDIT_ACTION.siteLogin,
      AUDIT_ACTION.siteTakeover,
      AUDIT_ACTION.siteLogout,
      AUDIT_ACTION.siteConnect,
      AUDIT_ACTION.siteClose,
    ]);
    for (const entry of page.entries)
      expect(entry).toMatchObject({
        actor: TEST_ADMIN.username,
        targetType: 'store',
        target: '101/1',
        companies: [101],
      });
    expect(page.entries[0]!.changes).toEqual([
      { field: 'connectedBy', before: TEST_ADMIN.username },
    ]);

    const sent = await eventually(
      () => auditlog({ action: AUDIT_ACTION.messageSend }),
      (p) => p.entries.length === 1,
    );
    expect(sent.entries[0]).toMatchObject({
      actor: TEST_ADMIN.username,
      target: '101/1',
      details: { outcome: 'sent', method: 'POST', path: expect.stringContaining('broadcast') },
    });
    expect(String(sent.entries[0]!.details!.message)).toContain('Audit me');
  });

  it('records a company’s credentials and a user’s password with the changed fields, never a password', async () => {
    await post(admin, COMPANY_API.integrationCompany, {
      companyId: 303,
      stores: [{ storeId: 1, evobos: { username: 'audit-site-user', password: SECRET } }],
    }).expect(200);
    const { user } = await userWith('target', USER_TYPE.BASIC, [303]);
    await request(t.baseUrl)
      .patch(ADMIN_API.setPassword)
      .set(ACCESS_TOKEN_HEADER, admin)
      .send({ username: user.username, newPassword: SECRET })
      .expect(200);

    const company = await auditlog({ action: AUDIT_ACTION.companyCredentials, company: 303 });
    expect(company.entries).toHaveLength(1);
    const [entry] = company.entries;
    expect(entry).toMatchObject({ targetType: 'company', target: '303', companies: [303] });
    const store = entry!.changes.find((c) => c.field === 'store 1');
    expect(store?.after).toMatchObject({
      evobos: { username: 'audit-site-user', passwordSet: true },
    });
    expect(entry!.details).toEqual({ passwordsSent: true });

    const password = await auditlog({ action: AUDIT_ACTION.userSetPassword });
    expect(password.entries[0]).toMatchObject({ target: user.username, companies: [303] });

    const everything = JSON.stringify(await auditlog({ pageSize: 100 }));
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toMatch(/"(password|passwordHash|newPassword)"/);
  });

  it('filters by time, user, action and company, and pages newest first', async () => {
    const all = await auditlog({ pageSize: 100 });
    expect(all.total).toBe(all.entries.length);
    const times = all.entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const first = await auditlog({ pageSize: 2, page: 1 });
    const second = await auditlog({ pageSize: 2, page: 2 });
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(
      all.entries.slice(0, 4).map((e) => e.id),
    );
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: all.total, totalCapped: false });

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await auditlog({ from: future })).entries).toEqual([]);
    const oldest = all.entries.at(-1)!;
    expect((await auditlog({ to: oldest.at })).entries.map((e) => e.id)).toContain(oldest.id);
    expect((await auditlog({ user: 'nobody@audit.test' })).total).toBe(0);
    expect((await auditlog({ user: TEST_ADMIN.username.toUpperCase() })).total).toBe(all.total);
    expect(new Set(actions((await auditlog({ action: 'user.' })).entries))).toEqual(
      new Set([AUDIT_ACTION.userSetPassword]),
    );
    expect((await auditlog({ company: 202 })).total).toBe(0);
  });

  it('is for ADMIN and SUPER-ADMIN; a company-limited admin sees only its companies’ entries', async () => {
    const limited = await userWith('limited', USER_TYPE.ADMIN, [303]);
    const mine = await auditlog({ pageSize: 100 }, limited.token);
    expect(mine.entries.length).toBeGreaterThan(0);
    for (const entry of mine.entries) expect(entry.companies).toEqual([303]);
    await request(t.baseUrl)
      .get(AUDIT_API.list)
      .query({ company: 101 })
      .set(ACCESS_TOKEN_HEADER, limited.token)
      .expect(403);

    const everywhere = await userWith('everywhere', USER_TYPE.ADMIN, 'all');
    expect((await auditlog({ company: 101 }, everywhere.token)).total).toBeGreaterThan(0);

    for (const type of [USER_TYPE.SUPPORT_ADMIN, USER_TYPE.BASIC]) {
      const other = await userWith(`other-${type}`, type, 'all');
      await request(t.baseUrl)
        .get(AUDIT_API.list)
        .set(ACCESS_TOKEN_HEADER, other.token)
        .expect(403);
    }
    await request(t.baseUrl).get(AUDIT_API.list).expect(401);
  });

  it('refuses a bad query with 400 and offers no way to change or remove an entry', async () => {
    for (const query of [
      { from: 'yesterday' },
      { page: 0 },
      { pageSize: 1000 },
      { company: 'abc' },
      { action: 'user.create; drop' },
      { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      { page: 500, pageSize: 100 },
      { extra: 1 },
    ])
      await request(t.baseUrl)
        .get(AUDIT_API.list)
        .query(query)
        .set(ACCESS_TOKEN_HEADER, admin)
        .expect(400);
    const before = (await auditlog({})).total;
    for (const method of ['put', 'patch', 'delete', 'post'] as const)
      expect(
        (await request(t.baseUrl)[method](AUDIT_API.list).set(ACCESS_TOKEN_HEADER, admin)).status,
      ).toBe(404);
    expect((await auditlog({})).total).toBe(before);
  });
});
