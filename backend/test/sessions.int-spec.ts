import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  API,
  activeSessionListSchema,
  auditPageSchema,
  AUDIT_API,
  AUDIT_ACTION,
  errorBodySchema,
  LIVE_STATUS,
  SESSION_API,
  sessionPath,
  SITE_API,
  SITE_ERROR_CODE,
  SITE_TOKEN_HEADER,
  STORE_STATUS,
  TOKEN_INFO_PATH,
  tokenPayloadSchema,
  toUserView,
  USER_TYPE,
  type User,
} from '@store-cloud/contracts';
import { JwtService } from '@nestjs/jwt';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, TEST_JWT_SECRET, type TestApp } from './create-app';
import { eventually } from './eventually';
import { connectAndLogin } from './site-connection';
import { connected, openAnsweringStore, openSocket } from './sockets';
import { storeStatus } from './store-status';
import { demoFleetAccess } from './users';

const COMPANY = 101;
const STORE = 1;
const CREDENTIALS = { username: 'manager', password: 'demo-site-101-1' };
const PASSWORD = 'Sessions-Pass-1';

/**
 * Sessions that end (issue 23 item 2): after Logout, a password change or reset, disabling or
 * deleting, the old portal token answers 401 and the old site token no longer relays, on the
 * other node too. Two real backend nodes share the database and Redis; the store's socket is on
 * node A, the tokens are used on node B, the ending happens on node A.
 */
describe('sessions', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  let store: Socket;
  let n = 0;

  beforeAll(async () => {
    a = await createTestApp('sessions');
    b = await createTestApp('sessions');
    admin = await a.login(TEST_ADMIN);
    store = await openAnsweringStore(
      a.baseUrl,
      { company: COMPANY, store: STORE, tentacleVersion: '2.0.0' },
      {
        login: (creds) =>
          creds.username === CREDENTIALS.username && creds.password === CREDENTIALS.password,
        request: () => ({ status: 200, body: { version: '1.0.0' } }),
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

  const newUser = () =>
    a.createUser({
      username: `session-${++n}@sessions.test`,
      password: PASSWORD,
      usertype: USER_TYPE.BASIC,
      access: demoFleetAccess([[COMPANY, [STORE]]]),
    });
  const portalCall = (t: TestApp, token: string) =>
    request(t.baseUrl).get(TOKEN_INFO_PATH).set(ACCESS_TOKEN_HEADER, token);
  const relay = (t: TestApp, siteToken: string) =>
    request(t.baseUrl)
      .get(SITE_API.evorouterVersion)
      .set(SITE_TOKEN_HEADER, siteToken)
      .query({ c: COMPANY, s: STORE });

  /** Logged in on node B and connected to the store; both tokens work (and B has read them). */
  async function signedIn(user: User) {
    const token = await b.login({ username: user.username, password: PASSWORD });
    const siteToken = await connectAndLogin(b.baseUrl, token, { company: COMPANY, store: STORE });
    await portalCall(b, token).expect(200);
    await relay(b, siteToken).expect(200);
    await request(b.baseUrl).get(SITE_API.siteTokenInfo).query({ token: siteToken }).expect(200);
    return { token, siteToken };
  }

  async function expectEnded({ token, siteToken }: { token: string; siteToken: string }) {
    await portalCall(b, token).expect(401);
    await portalCall(a, token).expect(401);
    const refused = await relay(b, siteToken).expect(401);
    expect(errorBodySchema.parse(refused.body).code).toBe(SITE_ERROR_CODE.connectionClosed);
    await request(b.baseUrl).get(SITE_API.siteTokenInfo).query({ token: siteToken }).expect(401);
  }

  const asAdmin = (method: 'patch' | 'delete', path: string, body?: object) =>
    request(a.baseUrl)[method](path).set(ACCESS_TOKEN_HEADER, admin).send(body).expect(200);

  it('ends the session on GET /portallogout, and only that one', async () => {
    const user = await newUser();
    const other = await b.login({ username: user.username, password: PASSWORD });
    const tokens = await signedIn(user);
    await request(a.baseUrl).get(API.logout).set(ACCESS_TOKEN_HEADER, tokens.token).expect(200);
    await expectEnded(tokens);
    // The same user in another browser stays logged in.
    await portalCall(b, other).expect(200);
    // The next login clears the ended session's record; its tokens stay refused.
    const sessions = a.app.get<Connection>(getConnectionToken()).db!.collection('sessions');
    const userSessions = () => sessions.countDocuments({ userId: user.id });
    expect(await userSessions()).toBe(2);
    await b.login({ username: user.username, password: PASSWORD });
    expect(await userSessions()).toBe(2);
    await expectEnded(tokens);
    await portalCall(b, other).expect(200);
  });

  it('drops the live sockets of an ended session on the other node, and refuses new ones', async () => {
    const user = await newUser();
    const token = await b.login({ username: user.username, password: PASSWORD });
    const other = await b.login({ username: user.username, password: PASSWORD });
    const live = (t: string) => openSocket(`${b.baseUrl}${LIVE_STATUS.namespace}`, { token: t });
    const ending = live(token);
    const staying = live(other);
    await Promise.all([connected(ending), connected(staying)]);
    const dropped = new Promise((resolve) => ending.on('disconnect', resolve));
    try {
      await request(a.baseUrl).get(API.logout).set(ACCESS_TOKEN_HEADER, token).expect(200);
      expect(await dropped).toBe('io server disconnect');
      await expect(connected(live(token))).rejects.toThrow('access token refused');
      expect(staying.connected).toBe(true);
    } finally {
      ending.disconnect();
      staying.disconnect();
    }
  });

  it('leaves the store named by c and s on logout', async () => {
    const user = await newUser();
    const tokens = await signedIn(user);
    await request(a.baseUrl)
      .get(API.logout)
      .query({ c: COMPANY, s: STORE })
      .set(ACCESS_TOKEN_HEADER, tokens.token)
      .expect(200);
    expect((await storeStatus(b.baseUrl, COMPANY, STORE)).status).toBe(STORE_STATUS.online);
    await expectEnded(tokens);
  });

  it('ends every session of a user who changes its own password', async () => {
    const user = await newUser();
    const other = await b.login({ username: user.username, password: PASSWORD });
    const tokens = await signedIn(user);
    await request(a.baseUrl)
      .patch(ADMIN_API.changePassword)
      .set(ACCESS_TOKEN_HEADER, tokens.token)
      .send({ username: user.username, currentPassword: PASSWORD, newPassword: 'Sessions-Pass-2' })
      .expect(200);
    await expectEnded(tokens);
    await portalCall(b, other).expect(401);
    await b.login({ username: user.username, password: 'Sessions-Pass-2' });
  });

  it('ends every session of a user whose password an administrator sets', async () => {
    const user = await newUser();
    const tokens = await signedIn(user);
    await asAdmin('patch', ADMIN_API.setPassword, {
      username: user.username,
      newPassword: 'Sessions-Pass-3',
    });
    await expectEnded(tokens);
  });

  it('ends every session of a user who is disabled', async () => {
    const user = await newUser();
    const tokens = await signedIn(user);
    await asAdmin('patch', ADMIN_API.saveUserChanges, {
      userdata: { ...toUserView(user), enabled: false },
    });
    // Enabled again at once: the old tokens stay ended.
    await asAdmin('patch', ADMIN_API.saveUserChanges, {
      userdata: { ...toUserView(user), enabled: true },
    });
    await expectEnded(tokens);
  });

  it('ends every session of a user who is deleted', async () => {
    const user = await newUser();
    const tokens = await signedIn(user);
    await asAdmin('delete', `${ADMIN_API.deleteUser}?userId=${user.id}`);
    await expectEnded(tokens);
  });

  it('lists the caller’s own active sessions and ends one of them', async () => {
    const user = await newUser();
    const login = (userAgent: string) =>
      request(b.baseUrl)
        .post(API.login)
        .set('User-Agent', userAgent)
        .send({ username: user.username, password: PASSWORD })
        .expect(200)
        .then((res) => res.body.token as string);
    const first = await login('Browser One');
    const second = await login('Browser Two');
    const stranger = await b.login(TEST_ADMIN);

    const list = async (token: string) =>
      activeSessionListSchema.parse(
        (await request(a.baseUrl).get(SESSION_API.list).set(ACCESS_TOKEN_HEADER, token).expect(200))
          .body,
      );
    const seen = await list(first);
    expect(seen.map((s) => [s.userAgent, s.current]).sort()).toEqual([
      ['Browser One', true],
      ['Browser Two', false],
    ]);
    expect(seen.every((s) => s.address !== '' && !('token' in s))).toBe(true);
    const secondId = seen.find((s) => !s.current)!.id;

    // Another user's session id is as unknown as a made-up one.
    for (const [token, id] of [
      [stranger, secondId],
      [first, 'no-such-session'],
    ]) {
      const res = await request(a.baseUrl)
        .delete(sessionPath(id!))
        .set(ACCESS_TOKEN_HEADER, token!)
        .expect(404);
      expect(JSON.stringify(res.body)).not.toContain(secondId);
    }
    await portalCall(b, second).expect(200);

    await request(a.baseUrl)
      .delete(sessionPath(secondId))
      .set(ACCESS_TOKEN_HEADER, first)
      .expect(200);
    await portalCall(b, second).expect(401);
    await portalCall(b, first).expect(200);
    expect((await list(first)).map((s) => s.userAgent)).toEqual(['Browser One']);

    const audit = auditPageSchema.parse(
      (
        await request(a.baseUrl)
          .get(AUDIT_API.list)
          .query({ action: AUDIT_ACTION.sessionEnd })
          .set(ACCESS_TOKEN_HEADER, admin)
          .expect(200)
      ).body,
    );
    expect(audit.entries.map((e) => e.target)).toContain(user.username);
  });

  it('refuses a well-signed portal token that names no session, or another generation', async () => {
    const user = await newUser();
    const token = await b.login({ username: user.username, password: PASSWORD });
    const valid = tokenPayloadSchema.parse(
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()),
    );
    const signer = new JwtService({ secret: TEST_JWT_SECRET });
    const { sid: _sid, ...sessionless } = valid;
    await portalCall(b, signer.sign(valid)).expect(200);
    await portalCall(b, signer.sign(sessionless)).expect(401);
    await portalCall(b, signer.sign({ ...valid, gen: valid.gen! + 1 })).expect(401);
  });
});
