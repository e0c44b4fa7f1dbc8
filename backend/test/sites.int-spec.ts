import {
  ACCESS_TOKEN_HEADER,
  API,
  BOS_APP,
  BOS_VERSIONS,
  COMPANY_API,
  connectionsListSchema,
  DEMO_FLEET,
  errorBodySchema,
  messageQueueSchema,
  SIMULATOR_API,
  SITE_API,
  SITE_ERROR_CODE,
  SITE_SERVICE,
  SITE_TOKEN_HEADER,
  siteLoginResultSchema,
  siteTokenInfoSchema,
  siteVersionSchema,
  simulatedMessagesSchema,
  STORE_STATUS,
  systemStatusSchema,
  TIMEOUT_TEXT,
  USER_TYPE,
} from '@store-cloud/contracts';
import request from 'supertest';
import { IntegrationCompaniesRepository } from '../src/modules/companies/integration-companies.repository';
import { SiteLoginService } from '../src/modules/sites/site-login.service';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { type ChildServer, startFleetFor } from './processes';
import { connectAndLogin } from './site-connection';
import { storeStatus } from './store-status';

const NORTHWAY = DEMO_FLEET.companies.find((c) => c.companyId === 101)!;
const STORE_1 = NORTHWAY.stores.find((s) => s.storeId === 1)!;

/** The whole store connection flow against the real router simulator process. */
describe('connecting to a store through the simulator', () => {
  let t: TestApp;
  let simulator: ChildServer;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('sites', { config: { relayTimeoutMs: 800 } });
    admin = await t.login(TEST_ADMIN);
    simulator = await startFleetFor(t.baseUrl, [[101, 1]]);
  });
  afterAll(async () => {
    await simulator?.stop();
    await t?.close();
  });

  const statusOf = async (c: number, s: number) => (await storeStatus(t.baseUrl, c, s)).status;
  const post = (token: string, url: string, body: object) =>
    request(t.baseUrl).post(url).set(ACCESS_TOKEN_HEADER, token).send(body);
  const get = (token: string, url: string) =>
    request(t.baseUrl).get(url).set(ACCESS_TOKEN_HEADER, token);
  const relay = (siteToken: string, url: string, query: Record<string, string | number>) =>
    request(t.baseUrl).get(url).set(SITE_TOKEN_HEADER, siteToken).query(query);
  const control = async (route: string, body?: object) => {
    const res = await fetch(`${simulator.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.status).toBe(200);
  };
  async function userWithStores(name: string, stores: Array<[number, number, boolean]>) {
    const password = 'User-Pass-123';
    const companies = [...new Set(stores.map(([c]) => c))].map((companyId) => ({
      companyId,
      companyName: `Company ${companyId}`,
      stores: stores
        .filter(([c]) => c === companyId)
        .map(([, storeId, enabled]) => ({ storeId, storeName: `Store ${storeId}`, enabled })),
    }));
    const user = await t.createUser({
      username: `${name}@sites.test`,
      password,
      usertype: USER_TYPE.BASIC,
      access: { all: false, companies },
    });
    const token = await t.login({ username: user.username, password });
    return { user, token };
  }

  it('connects, logs in with the store credentials, relays the status calls, and leaves', async () => {
    await post(admin, SITE_API.siteConnect, { company: 101, store: 1 }).expect(200);
    expect(await statusOf(101, 1)).toBe(STORE_STATUS.connected);
    const connections = connectionsListSchema.parse(
      (await get(admin, SITE_API.connectionsList).expect(200)).body,
    );
    expect(connections).toContainEqual(
      expect.objectContaining({ company: 101, store: 1, user: TEST_ADMIN.username }),
    );

    const login = siteLoginResultSchema.parse(
      (
        await post(admin, SITE_API.siteLogin, {
          company: 101,
          store: 1,
          username: null,
          password: null,
        }).expect(200)
      ).body,
    );
    const q = { c: 101, s: 1 };
    const version = async (url: string, extra: Record<string, string> = {}) =>
      siteVersionSchema.parse((await relay(login.token, url, { ...q, ...extra }).expect(200)).body)
        .version;
    expect(await version(SITE_API.ping, { d: SITE_SERVICE.serving })).toBe(
      STORE_1.versions.serving,
    );
    expect(await version(SITE_API.promotionPing, { d: SITE_SERVICE.deal })).toBe(
      STORE_1.versions.deal,
    );
    expect(await version(SITE_API.ping, { d: SITE_SERVICE.booking })).toBe(
      STORE_1.versions.booking,
    );
    expect(await version(SITE_API.version, { d: SITE_SERVICE.pump, json: 'true' })).toBe(
      STORE_1.versions.pump,
    );
    expect(await version(SITE_API.evorouterVersion)).toBe(STORE_1.versions.router);

    // The portal token is no site token, and the site token opens no portal call.
    await relay(admin, SITE_API.ping, { ...q, d: 'es' }).expect(401);
    await get(login.token, COMPANY_API.allStoresStatus).expect(401);
    // The site token is for this store only.
    await relay(login.token, SITE_API.ping, { c: 101, s: 2, d: 'es' }).expect(403);

    // The back-office apps check the token with the cloud.
    const info = siteTokenInfoSchema.parse(
      (
        await request(t.baseUrl)
          .get(SITE_API.siteTokenInfo)
          .query({ token: login.token })
          .expect(200)
      ).body,
    );
    expect(info).toMatchObject({ user: TEST_ADMIN.username, company: 101, store: 1 });
    const bos = await fetch(
      `${simulator.url}${BOS_APP.path(2)}?token=${login.token}&store=1&user=100`,
    );
    expect(bos.status).toBe(200);
    const html = await bos.text();
    expect(html).toContain(BOS_VERSIONS.bos2);
    expect(html).toContain('data-testid="bos-store">1<');
    expect(html).toContain('data-testid="bos-user">100<');
    expect((await fetch(`${simulator.url}${BOS_APP.path(1)}?store=1&user=100`)).status).toBe(401);
    expect(
      (await fetch(`${simulator.url}${BOS_APP.path(3)}?token=forged.token.value&store=1&user=100`))
        .status,
    ).toBe(401);

    await request(t.baseUrl)
      .get(SITE_API.portalLogout)
      .set(ACCESS_TOKEN_HEADER, admin)
      .query(q)
      .expect(200);
    expect(await statusOf(101, 1)).toBe(STORE_STATUS.online);
    const closed = await relay(login.token, SITE_API.ping, { ...q, d: 'es' }).expect(401);
    expect(errorBodySchema.parse(closed.body).code).toBe(SITE_ERROR_CODE.connectionClosed);
    expect((await fetch(`${simulator.url}${BOS_APP.path(1)}?token=${login.token}`)).status).toBe(
      401,
    );
    // Logout ended the admin's portal session too: later tests log in again.
    await get(admin, COMPANY_API.companiesForUser).expect(401);
    admin = await t.login(TEST_ADMIN);
  });

  it('takes credentials from the user, else the store, else the company, and encrypts them at rest', async () => {
    const { user, token } = await userWithStores('precedence', [[101, 2, true]]);
    const integration = t.app.get(IntegrationCompaniesRepository);
    const sites = t.app.get(SiteLoginService);
    const caller = {
      id: user.id,
      username: user.username,
      usertype: user.usertype,
      access: user.access,
      enabled: true,
      applications: [],
    };
    const body = { company: 101, store: 2, username: null, password: null };

    // The seed gives the demo stores their own credentials: store level.
    const fromStore = await sites.resolveCredentials(caller, body);
    expect(fromStore).toMatchObject({
      source: 'store',
      username: 'manager',
      password: 'demo-site-101-2',
    });
    // The seed stored them encrypted, as any save does.
    const stored = (await integration.findOne(101))!;
    expect(stored.stores.find((s) => s.storeId === 2)!.evobos!.password).toMatch(/^v1:/);
    expect(JSON.stringify(stored)).not.toContain('demo-site-101');

    // Without store credentials, the company's.
    await post(admin, COMPANY_API.integrationCompany, {
      companyId: 101,
      evobos: { username: 'company-user', password: 'company-pass' },
      stores: [{ storeId: 2, evobos: { username: '' } }],
    }).expect(200);
    expect(await sites.resolveCredentials(caller, body)).toMatchObject({
      source: 'company',
      username: 'company-user',
      password: 'company-pass',
    });
    expect((await integration.findOne(101))!.evobos!.password).toMatch(/^v1:/);
    // And the store refuses them.
    await post(token, SITE_API.siteConnect, { company: 101, store: 2 }).expect(200);
    const refused = await post(token, SITE_API.siteLogin, body).expect(401);
    expect(errorBodySchema.parse(refused.body).code).toBe(SITE_ERROR_CODE.siteLoginFailed);

    // The user's own credentials win over both.
    await request(t.baseUrl)
      .patch('/admin/saveusersitecredentials')
      .set(ACCESS_TOKEN_HEADER, admin)
      .send({
        username: user.username,
        company: 101,
        sitecredentials: { storeId: 2, username: 'manager', password: 'demo-site-101-2' },
      })
      .expect(200);
    expect(await sites.resolveCredentials(caller, body)).toMatchObject({ source: 'user' });
    // The refused login closed its connection: connect again first.
    await post(token, SITE_API.siteLogin, body).expect(409);
    await post(token, SITE_API.siteConnect, { company: 101, store: 2 }).expect(200);
    const ok = await post(token, SITE_API.siteLogin, body).expect(200);
    siteLoginResultSchema.parse(ok.body);
    // Never handed out.
    const companies = await get(admin, COMPANY_API.integrationCompanies).expect(200);
    expect(JSON.stringify(companies.body)).not.toMatch(/company-pass|demo-site|v1:/);
  });

  it('refuses wrong credentials sent with the login, and a store the user may not access', async () => {
    const { token } = await userWithStores('noaccess', [
      [101, 3, true],
      [202, 1, false],
    ]);
    await post(token, SITE_API.siteConnect, { company: 101, store: 3 }).expect(200);
    const wrong = await post(token, SITE_API.siteLogin, {
      company: 101,
      store: 3,
      username: 'manager',
      password: 'not-the-password',
    }).expect(401);
    expect(errorBodySchema.parse(wrong.body).code).toBe(SITE_ERROR_CODE.siteLoginFailed);
    await post(token, SITE_API.siteConnect, { company: 202, store: 1 }).expect(403);
    await post(token, SITE_API.siteConnect, { company: 303, store: 1 }).expect(403);
    // Not an admin: no status screen.
    await get(token, SITE_API.systemStatus).expect(403);
  });

  it('refuses an offline store at once, answers 504 for a slow one, and holds messages until it returns', async () => {
    const siteToken = await connectAndLogin(t.baseUrl, admin, { company: 202, store: 2 });
    const q = { c: 202, s: 2 };

    await control(SIMULATOR_API.storeSlow(202, 2), { delayMs: 3000 });
    const slow = await relay(siteToken, SITE_API.ping, { ...q, d: 'es' }).expect(504);
    expect(errorBodySchema.parse(slow.body).code).toBe(SITE_ERROR_CODE.storeTimeout);
    await control(SIMULATOR_API.storeSlow(202, 2), { delayMs: 0 });
    await relay(siteToken, SITE_API.ping, { ...q, d: 'es' }).expect(200);

    await control(SIMULATOR_API.storeOffline(202, 2));
    // The cloud learns it from the socket's close (and the missed pings).
    await eventually(
      () => relay(siteToken, SITE_API.ping, { ...q, d: 'es' }).then((r) => r.status),
      (s) => s === 409,
    );
    const offline = await relay(siteToken, SITE_API.ping, { ...q, d: 'es' }).expect(409);
    expect(errorBodySchema.parse(offline.body).code).toBe(SITE_ERROR_CODE.storeOffline);

    await request(t.baseUrl)
      .delete(SITE_API.messageQueue)
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(200);
    const held = await request(t.baseUrl)
      .post('/api/v1/broadcastMessage')
      .set(SITE_TOKEN_HEADER, siteToken)
      .query(q)
      .send({ message: 'Held for the store' })
      .expect(202);
    expect(held.body).toMatchObject({ queued: true, item: { url: '/api/v1/broadcastMessage' } });
    const queue = messageQueueSchema.parse(
      (await get(admin, SITE_API.messageQueue).expect(200)).body,
    );
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ url: '/api/v1/broadcastMessage', query: 'c=202&s=2' });
    const status = systemStatusSchema.parse(
      (await get(admin, SITE_API.systemStatus).expect(200)).body,
    );
    expect(status.portalConnectionsList).toContainEqual(
      expect.objectContaining({ company: 202, store: 2, user: TEST_ADMIN.username }),
    );

    await control(SIMULATOR_API.storeOnline(202, 2));
    const delivered = await eventually(
      async () =>
        simulatedMessagesSchema.parse(
          await (await fetch(`${simulator.url}${SIMULATOR_API.storeMessages(202, 2)}`)).json(),
        ),
      (m) => m.length > 0,
    );
    expect(delivered).toEqual([
      {
        path: '/broadcastMessage',
        query: { c: '202', s: '2' },
        body: { message: 'Held for the store' },
      },
    ]);
    await eventually(
      async () => messageQueueSchema.parse((await get(admin, SITE_API.messageQueue)).body),
      (list) => list.length === 0,
    );
  });

  it('closes a connection from the Status screen; the next call with its token is told an administrator closed it', async () => {
    const siteToken = await connectAndLogin(t.baseUrl, admin, { company: 101, store: 3 });
    await post(admin, SITE_API.closeSiteConnection, { company: 101, store: 3 }).expect(200);
    const closed = await relay(siteToken, SITE_API.evorouterVersion, { c: 101, s: 3 }).expect(401);
    expect(errorBodySchema.parse(closed.body)).toMatchObject({
      code: SITE_ERROR_CODE.connectionClosedByAdmin,
      message: TIMEOUT_TEXT.closedByAdmin,
    });
    expect(await statusOf(101, 3)).toBe(STORE_STATUS.online);
  });

  it('writes /log and /error to the message log', async () => {
    await post(admin, API.log, {
      data: {
        systemId: 'ERiC Portal',
        messageDescription: 'hello log',
        timestamp: new Date().toISOString(),
      },
    }).expect(200);
    await post(admin, API.error, {
      data: {
        systemId: 'ERiC Portal',
        errorDescription: 'bad thing',
        timestamp: new Date().toISOString(),
      },
    }).expect(200);
    await post(admin, API.error, { data: { systemId: 'ERiC Portal' } }).expect(400);
    expect(t.logs.join('\n')).toContain('bad thing');
    const { MessageLogRepository } = await import('../src/modules/sites/message-log.repository');
    const lines = await t.app.get(MessageLogRepository).listForSystem('ERiC Portal');
    expect(lines.map((l) => [l.kind, l.description])).toEqual([
      ['log', 'hello log'],
      ['error', 'bad thing'],
    ]);
  });
});
