import {
  ACCESS_TOKEN_HEADER,
  errorBodySchema,
  SITE_API,
  SITE_ERROR_CODE,
  SITE_TOKEN_HEADER,
  STORE_STATUS,
} from '@store-cloud/contracts';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { connectAndLogin } from './site-connection';
import { storeStatus } from './store-status';
import { openAnsweringStore } from './sockets';

const COMPANY = 101;
const STORE = 2;

/**
 * A node that relayed a call within the last second knows the connection open without asking
 * Redis (issue 15), so it must hear of every close at once, from whichever node: the next call
 * after a close, a logout or a takeover is refused on every node (issue 13's rule). Default
 * idle timeout, so the one-second window is in force throughout.
 */
describe('site connections closed on another node', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  let store: Socket;

  beforeAll(async () => {
    a = await createTestApp('site_close_notes');
    b = await createTestApp('site_close_notes');
    admin = await b.login(TEST_ADMIN);
    store = await openAnsweringStore(
      a.baseUrl,
      { company: COMPANY, store: STORE, tentacleVersion: '2.0.0' },
      {
        login: () => true,
        request: (req) => ({ status: 200, body: { version: `store ${req.path}` } }),
      },
    );
    await eventually(
      async () => (await storeStatus(b.baseUrl, COMPANY, STORE)).status,
      (s) => s === STORE_STATUS.online,
    );
  });
  afterAll(async () => {
    store?.disconnect();
    await b?.app.close();
    await a?.close();
  });

  const callOn = (t: TestApp, siteToken: string) =>
    request(t.baseUrl)
      .get(SITE_API.evorouterVersion)
      .set(SITE_TOKEN_HEADER, siteToken)
      .query({ c: COMPANY, s: STORE });
  const post = (t: TestApp, url: string, body: object) =>
    request(t.baseUrl).post(url).set(ACCESS_TOKEN_HEADER, admin).send(body).expect(200);
  const site = { company: COMPANY, store: STORE };
  const expectClosed = async (
    t: TestApp,
    siteToken: string,
    code: string = SITE_ERROR_CODE.connectionClosed,
  ) => {
    const res = await callOn(t, siteToken).expect(401);
    expect(errorBodySchema.parse(res.body).code).toBe(code);
  };

  it('refuses the next call on node A once node B closed the connection', async () => {
    const siteToken = await connectAndLogin(b.baseUrl, admin, site);
    // Twice: the second call is one node A answers from what it knows.
    await callOn(a, siteToken).expect(200);
    await callOn(a, siteToken).expect(200);
    await post(b, SITE_API.closeSiteConnection, site);
    await expectClosed(a, siteToken, SITE_ERROR_CODE.connectionClosedByAdmin);
  });

  it('refuses the old token on node A once the user connected again on node B', async () => {
    const old = await connectAndLogin(b.baseUrl, admin, site);
    await callOn(a, old).expect(200);
    const fresh = await connectAndLogin(b.baseUrl, admin, site);
    await expectClosed(a, old);
    await callOn(a, fresh).expect(200);
    await post(b, SITE_API.siteLogout, site);
  });

  it('refuses the next call on the node that took the logout itself', async () => {
    const siteToken = await connectAndLogin(a.baseUrl, admin, site);
    await callOn(a, siteToken).expect(200);
    await request(a.baseUrl)
      .post(SITE_API.siteLogout)
      .set(ACCESS_TOKEN_HEADER, admin)
      .send(site)
      .expect(200);
    await expectClosed(a, siteToken);
    await expectClosed(b, siteToken);
  });
});
