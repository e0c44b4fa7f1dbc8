import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  API,
  AUDIT_ACTION,
  AUDIT_API,
  auditPageSchema,
  ERROR_CODE,
  errorBodySchema,
  loginResultSchema,
  MFA_API,
  MFA_TEXT,
  mfaStatusSchema,
  RECOVERY_CODE_COUNT,
  SESSION_API,
  SITE_API,
  tokenPayloadSchema,
  totpConfirmResultSchema,
  totpStartResultSchema,
  USER_TYPE,
  type UserTypeName,
} from '@store-cloud/contracts';
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { authenticator } from 'otplib';
import request from 'supertest';
import { Clock } from '../src/common/clock/clock';
import { LOGIN_LIMITS } from '../src/modules/auth/login-limits';
import { UserDoc } from '../src/modules/users/schemas/user.schema';
import { createTestApp, decodeToken, TEST_ADMIN, type TestApp } from './create-app';
import { demoFleetAccess } from './users';

// Each test signs in several times with bcrypt at cost 10 on a machine shared by many suites.
jest.setTimeout(120_000);

const PASSWORD = 'Mfa-User-Pass-1';
const START = new Date('2026-11-26T10:00:00Z');

/**
 * TOTP second factor, recovery codes and the admin reset (issue 27 parts 1 and 3), over HTTP
 * against FerretDB and Redis. Time is the platform Clock's, moved by the tests, so a code is
 * computed for exactly the moment the backend checks it; each test logs in from an address of
 * its own (X-Forwarded-For from loopback, a trusted proxy), so the login limits stay apart.
 */
describe('TOTP second factor', () => {
  let t: TestApp;
  let root: string;
  let now = START;
  let counter = 0;

  beforeAll(async () => {
    jest.spyOn(Clock.prototype, 'now').mockImplementation(() => new Date(now));
    t = await createTestApp('mfa');
    root = await t.login(TEST_ADMIN);
  }, 60_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  /** Moves the platform's time on by whole TOTP steps, so every code is a fresh one. */
  const later = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  const codeOf = (secret: string) => authenticator.clone({ epoch: now.getTime() }).generate(secret);

  const call = (token: string, method: 'get' | 'post' | 'patch', path: string, body?: object) => {
    const req = request(t.baseUrl)[method](path).set(ACCESS_TOKEN_HEADER, token);
    return body ? req.send(body) : req;
  };
  const passwordLogin = (username: string, from: string, password = PASSWORD) =>
    request(t.baseUrl).post(API.login).set('X-Forwarded-For', from).send({ username, password });
  const codeLogin = (mfaToken: string, code: string, from: string) =>
    request(t.baseUrl).post(MFA_API.login).set('X-Forwarded-For', from).send({ mfaToken, code });

  async function newUser(usertype: UserTypeName = USER_TYPE.BASIC, companies = [[101]]) {
    counter += 1;
    const user = await t.createUser({
      username: `mfa-${counter}@mfa.test`,
      password: PASSWORD,
      usertype,
      access: demoFleetAccess(companies as Array<[number]>),
    });
    const from = `10.27.0.${counter}`;
    const token = loginResultSchema.parse(
      (await passwordLogin(user.username, from).expect(200)).body,
    ).token!;
    return { user, token, from };
  }

  /** Enrols TOTP through the profile routes: the secret and the recovery codes. */
  async function enrol(token: string) {
    const start = totpStartResultSchema.parse(
      (await call(token, 'post', MFA_API.totpStart).expect(200)).body,
    );
    const confirm = await call(token, 'post', MFA_API.totpConfirm, {
      code: codeOf(start.secret),
    }).expect(200);
    later(30);
    return { secret: start.secret, ...totpConfirmResultSchema.parse(confirm.body) };
  }

  async function halfLogin(username: string, from: string) {
    const result = loginResultSchema.parse((await passwordLogin(username, from).expect(200)).body);
    expect(result.token).toBeUndefined();
    return result;
  }

  const auditOf = async (action: string, target: string) =>
    auditPageSchema
      .parse(
        (await call(root, 'get', AUDIT_API.list).query({ action, pageSize: 100 }).expect(200)).body,
      )
      .entries.filter((e) => e.target === target);

  it('enrols with a QR code and a first code, hands out 10 recovery codes once and keeps the secret sealed', async () => {
    const { user, token } = await newUser();
    const start = totpStartResultSchema.parse(
      (await call(token, 'post', MFA_API.totpStart).expect(200)).body,
    );
    expect(start.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(start.otpauthUrl).toContain(`secret=${start.secret}`);
    expect(start.qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await call(token, 'post', MFA_API.totpConfirm, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(errorBodySchema.parse(wrong.body).message).toBe(MFA_TEXT.wrongCode);
    await call(token, 'post', MFA_API.totpConfirm, { code: 'abc' }).expect(400);

    const confirmed = totpConfirmResultSchema.parse(
      (await call(token, 'post', MFA_API.totpConfirm, { code: codeOf(start.secret) }).expect(200))
        .body,
    );
    expect(confirmed.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirmed.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(
      mfaStatusSchema.parse((await call(token, 'get', MFA_API.status).expect(200)).body),
    ).toEqual({ methods: ['totp'], recoveryCodesLeft: RECOVERY_CODE_COUNT, required: false });
    // A second confirmation or start does not hand the codes out again.
    await call(token, 'post', MFA_API.totpStart).expect(409);

    const stored = await t.app
      .get<Model<UserDoc>>(getModelToken(UserDoc.name))
      .findById(user.id)
      .lean()
      .exec();
    const raw = JSON.stringify(stored?.mfa);
    expect(raw).not.toContain(start.secret);
    for (const code of confirmed.recoveryCodes) expect(raw).not.toContain(code);
    expect(stored?.mfa.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);

    const entries = await auditOf(AUDIT_ACTION.userMfaEnrol, user.username);
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(start.secret);
  });

  it('answers a password login mfaRequired without a token, and the code completes it with the usual answer', async () => {
    const { user, token, from } = await newUser();
    const { secret } = await enrol(token);
    const half = await halfLogin(user.username, from);
    expect(half).toMatchObject({
      success: true,
      enabled: true,
      mfaRequired: true,
      mfaMethods: ['totp'],
    });
    // The mfaToken is no access token.
    await call(half.mfaToken!, 'get', SESSION_API.list).expect(401);

    const done = loginResultSchema.parse(
      (await codeLogin(half.mfaToken!, codeOf(secret), from).expect(200)).body,
    );
    expect(done).toMatchObject({ success: true, enabled: true });
    expect(done.mfaRequired).toBeUndefined();
    expect(tokenPayloadSchema.parse(decodeToken(done.token!)).sub).toBe(user.id);
    await call(done.token!, 'get', SESSION_API.list).expect(200);
    // An access token is no mfaToken either.
    later(30);
    await codeLogin(done.token!, codeOf(secret), from).expect(401);
  });

  it('refuses a code replayed within its window, and the code of a step already used', async () => {
    const { user, token, from } = await newUser();
    const { secret } = await enrol(token);
    const code = codeOf(secret);
    await codeLogin((await halfLogin(user.username, from)).mfaToken!, code, from).expect(200);
    later(10); // Same 30 s step: the very code an onlooker saw.
    const replay = await codeLogin((await halfLogin(user.username, from)).mfaToken!, code, from);
    expect(replay.status).toBe(401);
    expect(errorBodySchema.parse(replay.body)).toMatchObject({
      code: ERROR_CODE.invalidCredentials,
      message: MFA_TEXT.codeUsed,
    });
    // Two logins racing with one fresh code: one passes.
    later(30);
    const fresh = codeOf(secret);
    const [a, b] = await Promise.all([
      halfLogin(user.username, from).then((h) => codeLogin(h.mfaToken!, fresh, from)),
      halfLogin(user.username, from).then((h) => codeLogin(h.mfaToken!, fresh, from)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
  });

  it('takes each recovery code once, in any spelling, and audits its use', async () => {
    const { user, token, from } = await newUser();
    const { recoveryCodes } = await enrol(token);
    const code = recoveryCodes[0]!;
    const spelled = ` ${code.toUpperCase().replace('-', ' ')} `;
    await codeLogin((await halfLogin(user.username, from)).mfaToken!, spelled, from).expect(200);
    const again = await codeLogin((await halfLogin(user.username, from)).mfaToken!, code, from);
    expect(again.status).toBe(401);
    expect(errorBodySchema.parse(again.body).message).toBe(MFA_TEXT.wrongCode);
    // Two logins racing with one unused code: one passes.
    const racing = recoveryCodes[1]!;
    const [a, b] = await Promise.all([
      halfLogin(user.username, from).then((h) => codeLogin(h.mfaToken!, racing, from)),
      halfLogin(user.username, from).then((h) => codeLogin(h.mfaToken!, racing, from)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    const status = mfaStatusSchema.parse(
      (await call(token, 'get', MFA_API.status).expect(200)).body,
    );
    expect(status.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2);
    const entries = await auditOf(AUDIT_ACTION.userMfaRecoveryCode, user.username);
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries)).not.toContain(code);
  });

  it('counts wrong codes in the login limits: re-entering the right password gives a guesser no new attempts', async () => {
    const { user, token, from } = await newUser();
    const { secret } = await enrol(token);
    const half = await halfLogin(user.username, from);
    const limit = LOGIN_LIMITS.perNameAndAddress.attempts;
    const seen: number[] = [];
    for (let i = 0; i < limit; i++) {
      seen.push((await codeLogin(half.mfaToken!, String(100000 + i), from)).status);
    }
    expect(seen.every((s) => s === 401)).toBe(true);
    // Over the limit: the right code and even the right password wait now.
    const refused = await codeLogin(half.mfaToken!, codeOf(secret), from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await passwordLogin(user.username, from)).status).toBe(429);
    // The owner elsewhere still gets in.
    await codeLogin(
      (await halfLogin(user.username, `${from}9`)).mfaToken!,
      codeOf(secret),
      `${from}9`,
    ).expect(200);
  });

  it('turns TOTP off with a code, after which the password alone signs in', async () => {
    const { user, token, from } = await newUser();
    const { secret } = await enrol(token);
    await call(token, 'post', MFA_API.totpDisable, { code: '123456' }).expect(400);
    const status = mfaStatusSchema.parse(
      (await call(token, 'post', MFA_API.totpDisable, { code: codeOf(secret) }).expect(200)).body,
    );
    expect(status).toEqual({ methods: [], recoveryCodesLeft: 0, required: false });
    await call(token, 'post', MFA_API.totpDisable, { code: codeOf(secret) }).expect(409);
    const login = loginResultSchema.parse(
      (await passwordLogin(user.username, from).expect(200)).body,
    );
    expect(login.token).toEqual(expect.any(String));
    expect(await auditOf(AUDIT_ACTION.userMfaDisable, user.username)).toHaveLength(1);
  });

  it('lets an administrator reset a second factor within its scope, audited', async () => {
    const { user, token, from } = await newUser(USER_TYPE.BASIC, [[101]]);
    const other = await newUser(USER_TYPE.BASIC, [[202]]);
    await enrol(token);
    await enrol(other.token);
    const scopedAdmin = await newUser(USER_TYPE.ADMIN, [[101]]);

    // Outside its companies the user does not exist for it; a BASIC user may not reset at all.
    await call(scopedAdmin.token, 'patch', MFA_API.adminReset, { userId: other.user.id }).expect(
      404,
    );
    await call(other.token, 'patch', MFA_API.adminReset, { userId: user.id }).expect(403);
    await call(scopedAdmin.token, 'patch', MFA_API.adminReset, { userId: 'nope' }).expect(400);

    await call(scopedAdmin.token, 'patch', MFA_API.adminReset, { userId: user.id }).expect(200);
    const login = loginResultSchema.parse(
      (await passwordLogin(user.username, from).expect(200)).body,
    );
    expect(login.mfaRequired).toBeUndefined();
    expect(login.token).toEqual(expect.any(String));
    const [entry] = await auditOf(AUDIT_ACTION.userMfaReset, user.username);
    expect(entry?.actor).toBe(scopedAdmin.user.username);
    expect(entry?.companies).toEqual([101]);
    expect(JSON.stringify(entry?.changes)).toContain('totp');
    // The other user keeps its factor.
    expect((await halfLogin(other.user.username, other.from)).mfaRequired).toBe(true);
  });
});

describe('MFA_REQUIRED_ROLES', () => {
  let t: TestApp;
  let now = START;

  beforeAll(async () => {
    jest.spyOn(Clock.prototype, 'now').mockImplementation(() => new Date(now));
    t = await createTestApp('mfa_policy', {
      config: { mfaRequiredRoles: [USER_TYPE.SUPER_ADMIN, USER_TYPE.ADMIN] },
    });
  }, 60_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  const call = (token: string, method: 'get' | 'post', path: string, body?: object) => {
    const req = request(t.baseUrl)[method](path).set(ACCESS_TOKEN_HEADER, token);
    return body ? req.send(body) : req;
  };
  const login = (username: string, password: string) =>
    request(t.baseUrl).post(API.login).send({ username, password }).expect(200);

  it('leads an administrator without a second factor to enrol, and refuses everything else with 403', async () => {
    const first = loginResultSchema.parse(
      (await login(TEST_ADMIN.username, TEST_ADMIN.password)).body,
    );
    expect(first).toMatchObject({ success: true, enabled: true, mfaEnrolmentRequired: true });
    const token = first.token!;
    expect(tokenPayloadSchema.parse(decodeToken(token)).mfaEnrolment).toBe(true);

    for (const path of [ADMIN_API.users, SESSION_API.list, '/portal/tokeninfo']) {
      const res = await call(token, 'get', path);
      expect(res.status).toBe(403);
      expect(errorBodySchema.parse(res.body)).toMatchObject({
        code: ERROR_CODE.mfaEnrolmentRequired,
        message: MFA_TEXT.enrolmentRequired,
      });
    }
    expect(
      mfaStatusSchema.parse((await call(token, 'get', MFA_API.status).expect(200)).body),
    ).toEqual({ methods: [], recoveryCodesLeft: 0, required: true });
    const start = totpStartResultSchema.parse(
      (await call(token, 'post', MFA_API.totpStart).expect(200)).body,
    );
    const code = authenticator.clone({ epoch: now.getTime() }).generate(start.secret);
    await call(token, 'post', MFA_API.totpConfirm, { code }).expect(200);
    // Enrolled, the token is still the enrolment's: signing in again gives a full one.
    await call(token, 'get', ADMIN_API.users).expect(403);
    await call(token, 'get', SITE_API.portalLogout).expect(200);

    now = new Date(now.getTime() + 30_000);
    const again = loginResultSchema.parse(
      (await login(TEST_ADMIN.username, TEST_ADMIN.password)).body,
    );
    expect(again.mfaRequired).toBe(true);
    const done = loginResultSchema.parse(
      (
        await request(t.baseUrl)
          .post(MFA_API.login)
          .send({
            mfaToken: again.mfaToken,
            code: authenticator.clone({ epoch: now.getTime() }).generate(start.secret),
          })
          .expect(200)
      ).body,
    );
    expect(done.mfaEnrolmentRequired).toBeUndefined();
    await call(done.token!, 'get', ADMIN_API.users).expect(200);
    // The policy keeps the last factor on.
    const off = await call(done.token!, 'post', MFA_API.totpDisable, {
      code: authenticator.clone({ epoch: now.getTime() + 30_000 }).generate(start.secret),
    });
    expect(off.status).toBe(403);
    expect(errorBodySchema.parse(off.body).message).toBe(MFA_TEXT.stillRequired);
  });

  it('leaves user types outside the policy alone', async () => {
    const user = await t.createUser({
      username: 'basic@mfa-policy.test',
      password: PASSWORD,
      usertype: USER_TYPE.BASIC,
    });
    const result = loginResultSchema.parse((await login(user.username, PASSWORD)).body);
    expect(result.mfaEnrolmentRequired).toBeUndefined();
    await call(result.token!, 'get', SESSION_API.list).expect(200);
  });
});
