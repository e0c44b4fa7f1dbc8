import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  APP,
  ERROR_CODE,
  errorBodySchema,
  HOME_TEXT,
  MESSAGING_API,
  SIMULATOR_API,
  SITE_API,
  SITE_ERROR_CODE,
  SITE_SERVICE,
  SITE_TOKEN_HEADER,
  simulatedMessagesSchema,
  simulatedMessengerSchema,
  STORE_STATUS,
  type User,
  USER_TYPE,
  toUserView,
} from '@store-cloud/contracts';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { type ChildServer, startFleetFor } from './processes';
import { connectAndLogin } from './site-connection';
import { allStoresStatus, storeStatus } from './store-status';
import { demoFleetAccess } from './users';

const REFUSED_TEXT = HOME_TEXT.cannotConnect('connected');
const PASSWORD = 'Session-Pass-123';

/**
 * Issue 13 against the real backend and the router simulator: one connection per store (taken
 * over by its holder, refused to others, shown on Home), a refused site login that leaves no
 * connection behind, site tokens that end with their user's access, the messenger gate in every
 * spelling, and clean answers for methods the relay does not carry.
 */
describe('store sessions through the simulator', () => {
  let t: TestApp;
  let simulator: ChildServer;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('site_sessions', { config: { relayTimeoutMs: 800 } });
    admin = await t.login(TEST_ADMIN);
    simulator = await startFleetFor(t.baseUrl, [[101, 3]]);
  });
  afterAll(async () => {
    await simulator?.stop();
    await t?.close();
  });

  const statusOf = async (c: number, s: number) => (await storeStatus(t.baseUrl, c, s)).status;
  const post = (token: string, url: string, body: object) =>
    request(t.baseUrl).post(url).set(ACCESS_TOKEN_HEADER, token).send(body);
  const relay = (siteToken: string, method: 'get' | 'post', url: string, query: object) =>
    request(t.baseUrl)[method](url).set(SITE_TOKEN_HEADER, siteToken).query(query);
  const tokenInfo = (siteToken: string, peek = false) =>
    request(t.baseUrl)
      .get(SITE_API.siteTokenInfo)
      .query({ token: siteToken, ...(peek ? { peek: 'true' } : {}) });
  const expectClosed = async (res: Promise<request.Response> | request.Test) => {
    const answer = await res;
    expect(answer.status).toBe(401);
    expect(errorBodySchema.parse(answer.body).code).toBe(SITE_ERROR_CODE.connectionClosed);
  };
  async function user(
    name: string,
    companies: Array<[number, number[]?]>,
    applications: string[] = [],
  ): Promise<{ user: User; token: string }> {
    const created = await t.createUser({
      username: `${name}@sessions.test`,
      password: PASSWORD,
      usertype: USER_TYPE.BASIC,
      access: demoFleetAccess(companies),
      applications,
    });
    return {
      user: created,
      token: await t.login({ username: created.username, password: PASSWORD }),
    };
  }

  describe('sessions', () => {
    it('lets the holder take its connection over, refuses another user with the spec text, and shows the holder on Home', async () => {
      const first = await user('holder', [[101, [1]]]);
      const second = await user('other', [[101, [1]]]);
      const outsider = await user('outsider', [[202]]);

      const oldToken = await connectAndLogin(t.baseUrl, first.token, { company: 101, store: 1 });
      // The holder comes back (a new tab, a login after a lost logout): it takes the store over.
      const newToken = await connectAndLogin(t.baseUrl, first.token, { company: 101, store: 1 });
      await expectClosed(relay(oldToken, 'get', SITE_API.evorouterVersion, { c: 101, s: 1 }));
      await expectClosed(tokenInfo(oldToken, true));
      await relay(newToken, 'get', SITE_API.evorouterVersion, { c: 101, s: 1 }).expect(200);

      // Another user is refused, by the backend too.
      const refused = await post(second.token, SITE_API.siteConnect, { company: 101, store: 1 });
      expect(refused.status).toBe(409);
      expect(errorBodySchema.parse(refused.body).message).toBe(REFUSED_TEXT);
      await relay(newToken, 'get', SITE_API.evorouterVersion, { c: 101, s: 1 }).expect(200);

      // Home: who holds the store and since when, for users who may open it only.
      const seen = (await allStoresStatus(t.baseUrl, second.token)).find(
        (s) => s.companyId === 101 && s.storeId === 1,
      );
      expect(seen).toMatchObject({
        status: STORE_STATUS.connected,
        connectedBy: first.user.username,
      });
      expect(Date.parse(seen!.connectedSince!)).not.toBeNaN();
      const outsiderView = await allStoresStatus(t.baseUrl, outsider.token);
      expect(outsiderView.some((s) => s.companyId === 101)).toBe(false);
      expect(JSON.stringify(outsiderView)).not.toContain(first.user.username);
      // The public store status says nothing about who.
      expect((await storeStatus(t.baseUrl, 101, 1)).connectedBy).toBeUndefined();

      // The portal's Logout ends it: the other user may connect.
      await request(t.baseUrl)
        .get(SITE_API.portalLogout)
        .set(ACCESS_TOKEN_HEADER, first.token)
        .query({ c: 101, s: 1 })
        .expect(200);
      await expectClosed(relay(newToken, 'get', SITE_API.evorouterVersion, { c: 101, s: 1 }));
      const theirs = await connectAndLogin(t.baseUrl, second.token, { company: 101, store: 1 });
      // And the first one's token is no more: Logout ended its session (issue 23).
      await post(first.token, SITE_API.siteConnect, { company: 101, store: 1 }).expect(401);
      await post(second.token, SITE_API.siteLogout, { company: 101, store: 1 }).expect(200);
      await expectClosed(tokenInfo(theirs));
      expect(await statusOf(101, 1)).toBe(STORE_STATUS.online);
    });

    it('closes the connection of a refused site login, so nobody is locked out', async () => {
      const refusedUser = await user('wrong-creds', [[101, [4]]]);
      const next = await user('next', [[101, [4]]]);
      await post(refusedUser.token, SITE_API.siteConnect, { company: 101, store: 4 }).expect(200);
      expect(await statusOf(101, 4)).toBe(STORE_STATUS.connected);
      const refused = await post(refusedUser.token, SITE_API.siteLogin, {
        company: 101,
        store: 4,
        username: 'manager',
        password: 'not-the-password',
      }).expect(401);
      expect(errorBodySchema.parse(refused.body).code).toBe(SITE_ERROR_CODE.siteLoginFailed);
      expect(await statusOf(101, 4)).toBe(STORE_STATUS.online);
      const token = await connectAndLogin(t.baseUrl, next.token, { company: 101, store: 4 });
      await post(next.token, SITE_API.siteLogout, { company: 101, store: 4 }).expect(200);
      await expectClosed(tokenInfo(token));
    });
  });

  describe('revocation at once', () => {
    const q = { c: 101, s: 3 };
    const saveChanges = (target: User, changes: Partial<User>) =>
      request(t.baseUrl)
        .patch(ADMIN_API.saveUserChanges)
        .set(ACCESS_TOKEN_HEADER, admin)
        .send({ userdata: { ...toUserView(target), ...changes } })
        .expect(200);
    async function connected(target: { token: string }) {
      const siteToken = await connectAndLogin(t.baseUrl, target.token, { company: 101, store: 3 });
      // Read once, so a cached copy of the user would have to be dropped.
      await relay(siteToken, 'get', SITE_API.evorouterVersion, q).expect(200);
      await tokenInfo(siteToken).expect(200);
      return siteToken;
    }
    async function expectRevoked(siteToken: string) {
      await expectClosed(relay(siteToken, 'get', SITE_API.evorouterVersion, q));
      await expectClosed(relay(siteToken, 'post', '/api/v1/evorouter/reboot', q));
      await expectClosed(tokenInfo(siteToken));
      await expectClosed(tokenInfo(siteToken, true));
      // The admin change closed the connection: the store is free again.
      expect(await statusOf(101, 3)).toBe(STORE_STATUS.online);
    }

    it('ends a disabled user’s site token on its next call', async () => {
      const target = await user('disabled-later', [[101, [3]]]);
      const siteToken = await connected(target);
      await saveChanges(target.user, { enabled: false });
      await expectRevoked(siteToken);
    });

    it('ends the site token of a user whose store access is taken away', async () => {
      const target = await user('descoped-later', [[101, [1, 3]]]);
      const siteToken = await connected(target);
      await saveChanges(target.user, { access: demoFleetAccess([[101, [1]]]) });
      await expectRevoked(siteToken);
    });

    it('ends the site token of a user whose application is taken away, and of a deleted user', async () => {
      const appUser = await user('app-later', [[101, [3]]], [APP.messageManager]);
      const appToken = await connected(appUser);
      await saveChanges(appUser.user, { applications: [] });
      await expectRevoked(appToken);

      const deleted = await user('deleted-later', [[101, [3]]]);
      const deletedToken = await connected(deleted);
      await request(t.baseUrl)
        .delete(ADMIN_API.deleteUser)
        .set(ACCESS_TOKEN_HEADER, admin)
        .query({ userId: deleted.user.id })
        .expect(200);
      await expectRevoked(deletedToken);
    });
  });

  describe('the Message Manager gate', () => {
    const simulated = async (route: string) => (await fetch(`${simulator.url}${route}`)).json();

    it('keeps every spelling of a messenger call from a user without the app', async () => {
      const noApp = await user('gate-noapp', [[101, [2]]]);
      const siteToken = await connectAndLogin(t.baseUrl, noApp.token, { company: 101, store: 2 });
      const before = {
        messenger: simulatedMessengerSchema.parse(
          await simulated(SIMULATOR_API.storeMessenger(101, 2)),
        ),
        messages: simulatedMessagesSchema.parse(
          await simulated(SIMULATOR_API.storeMessages(101, 2)),
        ),
      };
      const base = { c: 101, s: 2 };
      const message = { id: 'gate-test', text: 'must not arrive' };
      const refusals: Array<[string, 'get' | 'post', object]> = [
        [MESSAGING_API.broadcastMessage, 'post', { ...base, d: 'em' }],
        [MESSAGING_API.broadcastMessage, 'post', { ...base, d: 'EM' }],
        [MESSAGING_API.broadcastMessage, 'post', { ...base, d: 'Em' }],
        [MESSAGING_API.broadcastMessage, 'post', { ...base, d: 'em ' }],
        [MESSAGING_API.broadcastMessage, 'post', base],
        ['/api/v1/BroadcastMessage', 'post', base],
        ['/api/v1/broadcastMessage/', 'post', base],
        ['/api/v1//broadcastMessage', 'post', base],
        ['/api/v1/%62roadcastMessage', 'post', base],
        ['/api/v1/ping/../broadcastMessage', 'post', base],
        [MESSAGING_API.logLevel('Debug'), 'post', base],
        ['/api/v1/LogLevel/debug/', 'post', base],
        ['/api/v1/loglevel', 'post', base],
        [MESSAGING_API.messageHistory, 'get', base],
        ['/api/v1/MessageHistory//', 'get', base],
        // Any other call that names the messenger.
        [SITE_API.ping, 'get', { ...base, d: ' eM' }],
      ];
      for (const [path, method, query] of refusals) {
        const res = await relay(siteToken, method, path, query).send(message);
        // A `d` with whitespace is ambiguous, so it is refused as bad input before any gate.
        const status = JSON.stringify(query).includes(' ') ? 400 : 403;
        expect({ path, query, status: res.status }).toEqual({ path, query, status });
      }
      // Nothing reached the store's messenger or its other services.
      expect(
        simulatedMessengerSchema.parse(await simulated(SIMULATOR_API.storeMessenger(101, 2))),
      ).toEqual(before.messenger);
      expect(
        simulatedMessagesSchema.parse(await simulated(SIMULATOR_API.storeMessages(101, 2))),
      ).toEqual(before.messages);
      // Its other services answer as before.
      await relay(siteToken, 'get', SITE_API.ping, { ...base, d: SITE_SERVICE.serving }).expect(
        200,
      );
      await post(noApp.token, SITE_API.siteLogout, { company: 101, store: 2 }).expect(200);
    });
  });

  describe('relay answers', () => {
    it('answers 405 with an Allow header for methods the relay does not carry', async () => {
      const { token } = await user('methods', [[202, [1]]]);
      const siteToken = await connectAndLogin(t.baseUrl, token, { company: 202, store: 1 });
      for (const method of ['head', 'options'] as const) {
        const agent = request(t.baseUrl);
        const res = await agent[method](SITE_API.ping)
          .set(SITE_TOKEN_HEADER, siteToken)
          .query({ c: 202, s: 1, d: 'es' });
        expect(res.status).toBe(405);
        expect(res.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
      }
      const body = errorBodySchema.parse(
        (
          await request(t.baseUrl)
            .options(SITE_API.ping)
            .set(SITE_TOKEN_HEADER, siteToken)
            .query({ c: 202, s: 1 })
        ).body,
      );
      expect(body.code).toBe(ERROR_CODE.methodNotAllowed);
      await post(token, SITE_API.siteLogout, { company: 202, store: 1 }).expect(200);
    });
  });
});
