import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  APP,
  errorBodySchema,
  messageQueueSchema,
  SITE_API,
  SITE_ERROR_CODE,
  SITE_SOCKET,
  SITE_TOKEN_HEADER,
  type SiteRequest,
  siteVersionSchema,
  STORE_STATUS,
  USER_TYPE,
  toUserView,
} from '@store-cloud/contracts';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { connectAndLogin } from './site-connection';
import { storeStatus } from './store-status';
import { connected, openTentacle } from './sockets';
import { demoFleetAccess } from './users';

const COMPANY = 101;
const STORE = 1;
const CREDENTIALS = { username: 'manager', password: 'demo-site-101-1' };

/**
 * Two real backend nodes sharing the database and Redis: the store's socket lives on node A,
 * the portal talks to node B. Idle connections are closed after one second here.
 */
describe('two backend nodes', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  const received: SiteRequest[] = [];
  let store: Socket | undefined;

  beforeAll(async () => {
    const config = { siteIdleTimeoutMs: 1000, siteIdleCheckIntervalMs: 100 };
    a = await createTestApp('sites_two_nodes', { config });
    b = await createTestApp('sites_two_nodes', { config });
    admin = await b.login(TEST_ADMIN);
  });
  afterEach(() => store?.disconnect());
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
  });

  /** A store (a real socket.io client) on node A, answering like a router. */
  async function connectStoreToA(): Promise<Socket> {
    const socket = openTentacle(a.baseUrl, {
      company: COMPANY,
      store: STORE,
      tentacleVersion: '2.0.0',
    });
    socket.on(SITE_SOCKET.loginEvent, (creds: typeof CREDENTIALS, ack: (r: unknown) => void) =>
      ack({
        success: creds.username === CREDENTIALS.username && creds.password === CREDENTIALS.password,
      }),
    );
    socket.on(SITE_SOCKET.requestEvent, (req: SiteRequest, ack: (r: unknown) => void) => {
      received.push(req);
      ack({ status: 200, body: { version: `node-a-store ${req.path} ${req.query.d ?? ''}` } });
    });
    await connected(socket);
    store = socket;
    return socket;
  }
  const statusOn = async (t: TestApp) => (await storeStatus(t.baseUrl, COMPANY, STORE)).status;
  const loginOnB = () => connectAndLogin(b.baseUrl, admin, { company: COMPANY, store: STORE });

  it('logs in and relays on node B to the store whose socket is on node A', async () => {
    await connectStoreToA();
    await eventually(
      () => statusOn(b),
      (s) => s === STORE_STATUS.online,
    );
    const siteToken = await loginOnB();
    expect(await statusOn(a)).toBe(STORE_STATUS.connected);
    const res = await request(b.baseUrl)
      .get(SITE_API.ping)
      .set(SITE_TOKEN_HEADER, siteToken)
      .query({ c: COMPANY, s: STORE, d: 'es' })
      .expect(200);
    expect(siteVersionSchema.parse(res.body).version).toBe('node-a-store /ping es');
    // The same token works on either node.
    await request(a.baseUrl)
      .get(SITE_API.evorouterVersion)
      .set(SITE_TOKEN_HEADER, siteToken)
      .query({ c: COMPANY, s: STORE })
      .expect(200);
  });

  it('delivers a message held on node B when the store comes back on node A', async () => {
    await connectStoreToA();
    const siteToken = await loginOnB();
    store!.disconnect();
    const held = await request(b.baseUrl)
      .post('/api/v1/broadcastMessage')
      .set(SITE_TOKEN_HEADER, siteToken)
      .query({ c: COMPANY, s: STORE })
      .send({ text: 'two nodes' })
      .expect(202);
    expect(held.body.queued).toBe(true);
    const queued = messageQueueSchema.parse(
      (await request(a.baseUrl).get(SITE_API.messageQueue).set(ACCESS_TOKEN_HEADER, admin)).body,
    );
    expect(queued.map((q) => q.id)).toContain(held.body.item.id);

    received.length = 0;
    await connectStoreToA();
    await eventually(
      async () => received,
      (list) => list.some((r) => r.path === '/broadcastMessage'),
    );
    expect(received.find((r) => r.path === '/broadcastMessage')?.body).toEqual({
      text: 'two nodes',
    });
  });

  it('closes an idle connection: the store is online again and the token meets SITE_CONNECTION_CLOSED', async () => {
    await connectStoreToA();
    const siteToken = await loginOnB();
    expect(await statusOn(b)).toBe(STORE_STATUS.connected);
    await eventually(
      () => statusOn(a),
      (s) => s === STORE_STATUS.online,
    );
    const res = await request(b.baseUrl)
      .get(SITE_API.ping)
      .set(SITE_TOKEN_HEADER, siteToken)
      .query({ c: COMPANY, s: STORE, d: 'es' })
      .expect(401);
    expect(errorBodySchema.parse(res.body).code).toBe(SITE_ERROR_CODE.connectionClosed);
  });

  it('applies an admin change on node A to node B’s next call: an application given, then the user disabled', async () => {
    await connectStoreToA();
    const password = 'Two-Nodes-Pass-1';
    const user = await a.createUser({
      username: 'revoked@two-nodes.test',
      password,
      usertype: USER_TYPE.BASIC,
      access: demoFleetAccess([[COMPANY, [STORE]]]),
    });
    const token = await b.login({ username: user.username, password });
    const siteToken = await connectAndLogin(b.baseUrl, token, { company: COMPANY, store: STORE });
    const call = () =>
      request(b.baseUrl)
        .get(SITE_API.evorouterVersion)
        .set(SITE_TOKEN_HEADER, siteToken)
        .query({ c: COMPANY, s: STORE });
    const broadcast = () =>
      request(b.baseUrl)
        .post('/api/v1/broadcastMessage')
        .set(SITE_TOKEN_HEADER, siteToken)
        .query({ c: COMPANY, s: STORE })
        .send({ text: 'needs the app' });
    const save = (changes: object) =>
      request(a.baseUrl)
        .patch(ADMIN_API.saveUserChanges)
        .set(ACCESS_TOKEN_HEADER, admin)
        .send({ userdata: { ...toUserView(user), ...changes } })
        .expect(200);
    // Node B has read the user once (and may keep it).
    await call().expect(200);
    await broadcast().expect(403);
    // An application given on node A applies on node B's next call (its copy was dropped).
    await save({ applications: [APP.messageManager] });
    await broadcast().expect(200);
    await save({ applications: [APP.messageManager], enabled: false });
    const res = await call().expect(401);
    expect(errorBodySchema.parse(res.body).code).toBe(SITE_ERROR_CODE.connectionClosed);
  });
});
