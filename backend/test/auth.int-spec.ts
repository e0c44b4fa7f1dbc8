import { JwtService } from '@nestjs/jwt';
import {
  ACCESS_TOKEN_HEADER,
  API,
  applicationListSchema,
  DEFAULT_APPS,
  ERROR_CODE,
  errorBodySchema,
  LOGIN_TEXT,
  loginResultSchema,
  tokenPayloadSchema,
  USER_TYPE,
} from '@store-cloud/contracts';
import request from 'supertest';
import {
  createTestApp,
  decodeToken,
  TEST_ADMIN,
  TEST_JWT_SECRET,
  type TestApp,
} from './create-app';

const APPS_PATH = '/portalconfig/apps';

describe('login and access tokens', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('auth');
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (body: unknown) =>
    request(t.baseUrl)
      .post(API.login)
      .send(body as object);
  const loginToken = (username: string, password: string) => t.login({ username, password });

  describe('POST /portallogin', () => {
    it('gives an enabled user a token whose payload the portal can read', async () => {
      const res = await login(TEST_ADMIN).expect(200);
      const result = loginResultSchema.parse(res.body);
      expect(result).toMatchObject({ success: true, enabled: true });
      const payload = tokenPayloadSchema.parse(decodeToken(result.token!));
      const admin = await t.users.findByUsername(TEST_ADMIN.username);
      expect(payload).toMatchObject({
        sub: admin!.id,
        name: TEST_ADMIN.username,
        usertype: USER_TYPE.SUPER_ADMIN,
        all: true,
        enabled: true,
        applications: DEFAULT_APPS.map((a) => a.name),
      });
      expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    });

    it('matches the user name case-insensitively and ignores surrounding spaces', async () => {
      const res = await login({
        username: `  ${TEST_ADMIN.username.toUpperCase()} `,
        password: TEST_ADMIN.password,
      });
      expect(res.status).toBe(200);
      expect(res.body.token).toEqual(expect.any(String));
    });

    it('refuses a wrong password with 401 and the spec text', async () => {
      const res = await login({ username: TEST_ADMIN.username, password: 'Wrong-Pass1' }).expect(
        401,
      );
      expect(errorBodySchema.parse(res.body)).toEqual({
        requestId: expect.any(String),
        code: ERROR_CODE.invalidCredentials,
        message: LOGIN_TEXT.failed,
      });
    });

    it('answers an unknown user exactly as a wrong password', async () => {
      const res = await login({
        username: 'nobody@storecloud.test',
        password: 'Wrong-Pass1',
      }).expect(401);
      expect(res.body).toEqual({
        code: ERROR_CODE.invalidCredentials,
        message: LOGIN_TEXT.failed,
        requestId: expect.any(String),
      });
    });

    it('tells a disabled user so, without a token', async () => {
      await t.createUser({
        username: 'disabled@storecloud.test',
        password: 'Disabled-Pass1',
        enabled: false,
      });
      const res = await login({
        username: 'disabled@storecloud.test',
        password: 'Disabled-Pass1',
      }).expect(200);
      expect(loginResultSchema.parse(res.body)).toEqual({ success: true, enabled: false });
    });

    it('does not reveal that an account is disabled to a wrong password', async () => {
      const res = await login({
        username: 'disabled@storecloud.test',
        password: 'Wrong-Pass1',
      }).expect(401);
      expect(res.body.code).toBe(ERROR_CODE.invalidCredentials);
    });

    it.each([
      ['a missing password', { username: 'a@b.c' }, 'password'],
      ['a missing user name', { password: 'x' }, 'username'],
      ['an empty user name', { username: '', password: 'x' }, 'username'],
      ['a password of the wrong type', { username: 'a@b.c', password: 12345 }, 'password'],
      ['a user name of the wrong type', { username: ['a@b.c'], password: 'x' }, 'username'],
    ])('refuses %s with 400 naming the field', async (_case, body, field) => {
      const res = await login(body).expect(400);
      const error = errorBodySchema.parse(res.body);
      expect(error.code).toBe(ERROR_CODE.validation);
      expect(error.message).toContain(field);
      expect(error.issues?.map((i) => i.path)).toContain(field);
    });

    it.each([
      ['a body that is not JSON', 'application/json', '{"username": "a@b.c", "password":'],
      ['a plain-text body', 'text/plain', 'username=a@b.c'],
      ['an array body', 'application/json', '[1, 2]'],
      ['no body at all', undefined, undefined],
    ])('refuses %s with 400, never 500', async (_case, type, body) => {
      let req = request(t.baseUrl).post(API.login);
      if (type) req = req.set('Content-Type', type);
      const res = await (body === undefined ? req : req.send(body));
      expect(res.status).toBe(400);
      const error = errorBodySchema.parse(res.body);
      expect(error.code).toBe(ERROR_CODE.validation);
      expect(error.message).toMatch(/body|JSON/);
    });
  });

  describe('protected routes', () => {
    it('serve a valid token', async () => {
      const token = await loginToken(TEST_ADMIN.username, TEST_ADMIN.password);
      const res = await request(t.baseUrl)
        .get(APPS_PATH)
        .set(ACCESS_TOKEN_HEADER, token)
        .expect(200);
      const apps = applicationListSchema.parse(res.body);
      expect(apps.map((a) => a.name).sort()).toEqual(DEFAULT_APPS.map((a) => a.name).sort());
    });

    it('refuse a request without a token', async () => {
      const res = await request(t.baseUrl).get(APPS_PATH).expect(401);
      expect(errorBodySchema.parse(res.body).code).toBe(ERROR_CODE.unauthenticated);
    });

    it('refuse a malformed token', async () => {
      const res = await request(t.baseUrl)
        .get(APPS_PATH)
        .set(ACCESS_TOKEN_HEADER, 'not.a.jwt')
        .expect(401);
      expect(res.body.code).toBe(ERROR_CODE.unauthenticated);
    });

    it('refuse a token in the Authorization header instead of x-access-token', async () => {
      const token = await loginToken(TEST_ADMIN.username, TEST_ADMIN.password);
      await request(t.baseUrl).get(APPS_PATH).set('Authorization', `Bearer ${token}`).expect(401);
    });

    it('refuse an expired token', async () => {
      const valid = tokenPayloadSchema.parse(
        decodeToken(await loginToken(TEST_ADMIN.username, TEST_ADMIN.password)),
      );
      const expired = new JwtService({ secret: TEST_JWT_SECRET }).sign({
        ...valid,
        iat: Math.floor(Date.now() / 1000) - 7200,
        exp: Math.floor(Date.now() / 1000) - 3600,
      });
      const res = await request(t.baseUrl)
        .get(APPS_PATH)
        .set(ACCESS_TOKEN_HEADER, expired)
        .expect(401);
      expect(res.body).toEqual({
        code: ERROR_CODE.unauthenticated,
        message: 'Session expired',
        requestId: expect.any(String),
      });
    });

    it('refuse a token signed with another secret', async () => {
      const valid = tokenPayloadSchema.parse(
        decodeToken(await loginToken(TEST_ADMIN.username, TEST_ADMIN.password)),
      );
      const forged = new JwtService({ secret: 'another-secret-that-is-long-enough-xyz' }).sign(
        valid,
      );
      await request(t.baseUrl).get(APPS_PATH).set(ACCESS_TOKEN_HEADER, forged).expect(401);
    });

    it('refuse a token whose user does not exist', async () => {
      const valid = tokenPayloadSchema.parse(
        decodeToken(await loginToken(TEST_ADMIN.username, TEST_ADMIN.password)),
      );
      const signer = new JwtService({ secret: TEST_JWT_SECRET });
      for (const sub of ['000000000000000000000000', 'not-an-object-id']) {
        const token = signer.sign({ ...valid, sub });
        await request(t.baseUrl).get(APPS_PATH).set(ACCESS_TOKEN_HEADER, token).expect(401);
      }
    });

    it("refuse a user's old token as soon as the user is disabled", async () => {
      const user = await t.createUser({
        username: 'later-disabled@storecloud.test',
        password: 'Later-Pass1',
      });
      const token = await loginToken(user.username, 'Later-Pass1');
      await request(t.baseUrl).get(APPS_PATH).set(ACCESS_TOKEN_HEADER, token).expect(200);

      await t.users.setEnabled(user.id, false);
      const res = await request(t.baseUrl)
        .get(APPS_PATH)
        .set(ACCESS_TOKEN_HEADER, token)
        .expect(401);
      expect(res.body.code).toBe(ERROR_CODE.unauthenticated);

      await t.users.setEnabled(user.id, true);
      await request(t.baseUrl).get(APPS_PATH).set(ACCESS_TOKEN_HEADER, token).expect(200);
    });
  });
});
