import {
  ACCESS_TOKEN_HEADER,
  API,
  AUDIT_ACTION,
  errorBodySchema,
  ERROR_CODE,
  loginResultSchema,
  PASSKEY_API,
  PASSKEY_TEXT,
  passkeyListSchema,
  passkeyLoginOptionsSchema,
  passkeyPath,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  SESSION_API,
  TOKEN_INFO_PATH,
  USER_TYPE,
  type User,
} from '@store-cloud/contracts';
import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { AuditService } from '../src/modules/audit/audit.service';
import { PasskeysService } from '../src/modules/passkeys';
import { UserMfaRepository } from '../src/modules/users/user-mfa.repository';
import { createTestApp, type TestApp } from './create-app';
import { SoftwareAuthenticator } from './software-authenticator';

const PASSWORD = 'Passkeys-Pass-1';
const ORIGIN = 'https://portal.passkeys.test';
const RP_ID = 'passkeys.test';

/**
 * Passkeys (issue 27 point 2) against the real backend: registration, sign-in with a passkey
 * alone and as the second factor, driven by a software authenticator with real ES256 keys
 * (test/software-authenticator.ts), through @simplewebauthn/server unmocked. Two nodes share the
 * database: a challenge given out by one is verified by the other, once.
 */
describe('passkeys', () => {
  let t: TestApp;
  let other: TestApp;
  let n = 0;

  beforeAll(async () => {
    const config = {
      webauthnOrigins: [ORIGIN],
      webauthnRpId: RP_ID,
      mfaRequiredRoles: [USER_TYPE.ADMIN],
    };
    t = await createTestApp('passkeys', { config });
    other = await createTestApp('passkeys', { config, seed: false });
  }, 60_000);
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });

  const api = () => request(t.baseUrl);
  const newUser = (usertype: User['usertype'] = USER_TYPE.BASIC, enabled = true) =>
    t.createUser({
      username: `passkey-${++n}@passkeys.test`,
      password: PASSWORD,
      usertype,
      enabled,
    });
  const loginOf = async (user: User) =>
    loginResultSchema.parse(
      (
        await api()
          .post(API.login)
          .send({ username: user.username, password: PASSWORD })
          .expect(200)
      ).body,
    );
  const methodsOf = (user: User) => t.app.get(UserMfaRepository).methods(user.id);
  const auditOf = async (user: User) =>
    (await t.app.get(AuditService).list({ target: user.username })).map((e) => e.action);

  /** Registers a passkey through the API with a token (the options, the authenticator, the answer). */
  async function register(token: string, authenticator: SoftwareAuthenticator, name = 'Laptop') {
    const options = passkeyRegistrationOptionsSchema.parse(
      (
        await api()
          .post(PASSKEY_API.registrationOptions)
          .set(ACCESS_TOKEN_HEADER, token)
          .expect(200)
      ).body,
    );
    const { credential, response } = authenticator.register(options);
    const res = await api()
      .post(PASSKEY_API.list)
      .set(ACCESS_TOKEN_HEADER, token)
      .send({ name, response })
      .expect(201);
    return { credential, passkey: passkeySchema.parse(res.body), options };
  }

  /** A user with one registered passkey (it has a second factor from then on). */
  async function userWithPasskey(usertype: User['usertype'] = USER_TYPE.BASIC) {
    const user = await newUser(usertype);
    const token = (await loginOf(user)).token!;
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { credential, passkey } = await register(token, authenticator);
    return { user, token, authenticator, credential, passkey };
  }

  const loginOptions = async (body: object = {}, app: TestApp = t) =>
    passkeyLoginOptionsSchema.parse(
      (await request(app.baseUrl).post(PASSKEY_API.loginOptions).send(body).expect(200)).body,
    );
  const signIn = (body: object, app: TestApp = t) =>
    request(app.baseUrl).post(PASSKEY_API.login).send(body);

  describe('registration', () => {
    it('registers a discoverable passkey, lists it, and makes it a second factor', async () => {
      const user = await newUser();
      const token = (await loginOf(user)).token!;
      const authenticator = new SoftwareAuthenticator(ORIGIN);
      const { passkey, options } = await register(token, authenticator, 'My laptop');

      expect(options.rp).toEqual({ name: 'Store Cloud', id: RP_ID });
      expect(options.user.name).toBe(user.username);
      // The user handle is the user's id: a passkey alone names its user.
      expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(user.id);
      expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
      expect(options.attestation).toBe('none');
      expect(passkey).toMatchObject({ name: 'My laptop', lastUsedAt: null, backedUp: false });

      const list = passkeyListSchema.parse(
        (await api().get(PASSKEY_API.list).set(ACCESS_TOKEN_HEADER, token).expect(200)).body,
      );
      expect(list).toEqual([passkey]);
      expect(await methodsOf(user)).toEqual(['passkey']);
      expect(await auditOf(user)).toContain(AUDIT_ACTION.passkeyRegister);

      // The next options exclude it, so the same authenticator is not registered twice.
      const next = passkeyRegistrationOptionsSchema.parse(
        (
          await api()
            .post(PASSKEY_API.registrationOptions)
            .set(ACCESS_TOKEN_HEADER, token)
            .expect(200)
        ).body,
      );
      expect(next.excludeCredentials?.map((c) => c.id)).toEqual([
        authenticator.credentials[0]!.id.toString('base64url'),
      ]);
    });

    it("refuses an answer from another origin, a taken challenge and another user's challenge", async () => {
      const user = await newUser();
      const token = (await loginOf(user)).token!;
      const authenticator = new SoftwareAuthenticator(ORIGIN);
      const optionsRes = await api()
        .post(PASSKEY_API.registrationOptions)
        .set(ACCESS_TOKEN_HEADER, token)
        .expect(200);
      const options = passkeyRegistrationOptionsSchema.parse(optionsRes.body);

      const phished = authenticator.register(options, { origin: 'https://evil.example' });
      const refused = await api()
        .post(PASSKEY_API.list)
        .set(ACCESS_TOKEN_HEADER, token)
        .send({ name: 'Phished', response: phished.response })
        .expect(400);
      expect(errorBodySchema.parse(refused.body).message).toBe(PASSKEY_TEXT.notVerified);

      // The challenge was taken by that answer: a good answer to it now finds it gone.
      const late = authenticator.register(options);
      const gone = await api()
        .post(PASSKEY_API.list)
        .set(ACCESS_TOKEN_HEADER, token)
        .send({ name: 'Late', response: late.response })
        .expect(400);
      expect(errorBodySchema.parse(gone.body).message).toBe(PASSKEY_TEXT.challengeExpired);

      // Another user's token cannot use this user's challenge either.
      const stranger = (await loginOf(await newUser())).token!;
      const fresh = passkeyRegistrationOptionsSchema.parse(
        (
          await api()
            .post(PASSKEY_API.registrationOptions)
            .set(ACCESS_TOKEN_HEADER, token)
            .expect(200)
        ).body,
      );
      await api()
        .post(PASSKEY_API.list)
        .set(ACCESS_TOKEN_HEADER, stranger)
        .send({ name: 'Stolen', response: authenticator.register(fresh).response })
        .expect(400);

      expect(
        passkeyListSchema.parse(
          (await api().get(PASSKEY_API.list).set(ACCESS_TOKEN_HEADER, token).expect(200)).body,
        ),
      ).toEqual([]);
      expect(await methodsOf(user)).toEqual([]);
    });

    it('refuses a name that is empty or too long, changing nothing', async () => {
      const user = await newUser();
      const token = (await loginOf(user)).token!;
      const options = passkeyRegistrationOptionsSchema.parse(
        (
          await api()
            .post(PASSKEY_API.registrationOptions)
            .set(ACCESS_TOKEN_HEADER, token)
            .expect(200)
        ).body,
      );
      const { response } = new SoftwareAuthenticator(ORIGIN).register(options);
      for (const name of ['  ', 'x'.repeat(65)]) {
        await api()
          .post(PASSKEY_API.list)
          .set(ACCESS_TOKEN_HEADER, token)
          .send({ name, response })
          .expect(400);
      }
      expect(await methodsOf(user)).toEqual([]);
    });

    it('renames and removes only its own; the last one removed takes the method away', async () => {
      const { user, token, passkey, authenticator } = await userWithPasskey();
      const second = await register(token, authenticator, 'Phone');
      const stranger = (await loginOf(await newUser())).token!;

      await api()
        .patch(passkeyPath(passkey.id))
        .set(ACCESS_TOKEN_HEADER, stranger)
        .send({ name: 'Mine now' })
        .expect(404);
      await api().delete(passkeyPath(passkey.id)).set(ACCESS_TOKEN_HEADER, stranger).expect(404);

      const renamed = await api()
        .patch(passkeyPath(passkey.id))
        .set(ACCESS_TOKEN_HEADER, token)
        .send({ name: '  Work laptop ' })
        .expect(200);
      expect(passkeySchema.parse(renamed.body).name).toBe('Work laptop');

      await api().delete(passkeyPath(passkey.id)).set(ACCESS_TOKEN_HEADER, token).expect(200);
      expect(await methodsOf(user)).toEqual(['passkey']);
      await api()
        .delete(passkeyPath(second.passkey.id))
        .set(ACCESS_TOKEN_HEADER, token)
        .expect(200);
      expect(await methodsOf(user)).toEqual([]);
      await api().delete(passkeyPath(passkey.id)).set(ACCESS_TOKEN_HEADER, token).expect(404);
      expect(await auditOf(user)).toEqual(
        expect.arrayContaining([AUDIT_ACTION.passkeyRename, AUDIT_ACTION.passkeyDelete]),
      );
    });

    it('removes every passkey of a user for an administrator reset', async () => {
      const { user, token } = await userWithPasskey();
      expect(await t.app.get(PasskeysService).removeAllOf(user.id)).toBe(1);
      expect(await methodsOf(user)).toEqual([]);
      expect(
        (await api().get(PASSKEY_API.list).set(ACCESS_TOKEN_HEADER, token).expect(200)).body,
      ).toEqual([]);
    });
  });

  describe('signing in with a passkey alone', () => {
    it('answers the usual login, on another node than the one that gave the challenge', async () => {
      const { user, authenticator, credential } = await userWithPasskey();
      const options = await loginOptions();
      // A passkey alone: any discoverable credential, and the PIN or fingerprint is required.
      expect(options.allowCredentials ?? []).toEqual([]);
      expect(options.userVerification).toBe('required');
      expect(options.rpId).toBe(RP_ID);

      const res = await signIn({ response: authenticator.assert(options, credential) }, other);
      expect(res.status).toBe(200);
      const result = loginResultSchema.parse(res.body);
      expect(result).toMatchObject({ success: true, enabled: true });
      expect(result.mfaRequired).toBeUndefined();
      const info = await api().get(TOKEN_INFO_PATH).set(ACCESS_TOKEN_HEADER, result.token!);
      expect(info.status).toBe(200);
      expect(info.body.name).toBe(user.username);

      const [listed] = passkeyListSchema.parse(
        (await api().get(PASSKEY_API.list).set(ACCESS_TOKEN_HEADER, result.token!).expect(200))
          .body,
      );
      expect(listed!.lastUsedAt).not.toBeNull();
      expect(await auditOf(user)).toContain(AUDIT_ACTION.passkeySignIn);
    });

    it('refuses a replay, a counter that did not move, no user verification and a forged signature', async () => {
      const { user, authenticator, credential } = await userWithPasskey();
      const expectRefused = async (body: object) => {
        const res = await signIn(body);
        expect(res.status).toBe(401);
        expect(errorBodySchema.parse(res.body).code).toBe(ERROR_CODE.invalidCredentials);
      };

      const options = await loginOptions();
      const answer = authenticator.assert(options, credential);
      await signIn({ response: answer }).expect(200);
      // The same answer again: its challenge was taken.
      await expectRefused({ response: answer });

      // A cloned authenticator reports a counter the server has seen already.
      await expectRefused({
        response: authenticator.assert(await loginOptions(), credential, {
          counter: credential.counter,
        }),
      });
      await expectRefused({
        response: authenticator.assert(await loginOptions(), credential, { userVerified: false }),
      });
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      await expectRefused({
        response: authenticator.assert(await loginOptions(), credential, { signWith: privateKey }),
      });
      await expectRefused({
        response: authenticator.assert(await loginOptions(), credential, {
          origin: 'https://evil.example',
        }),
      });
      // A credential nobody registered.
      const unknown = new SoftwareAuthenticator(ORIGIN);
      const { credential: stray } = unknown.register({
        challenge: 'x',
        rp: { id: RP_ID },
        user: { id: Buffer.from(user.id).toString('base64url') },
      });
      await expectRefused({ response: unknown.assert(await loginOptions(), stray) });
      expect(await auditOf(user)).toContain(AUDIT_ACTION.passkeySignInFailed);
    });

    it('tells a disabled account it is disabled, without a token', async () => {
      const { user, authenticator, credential } = await userWithPasskey();
      await t.users.setEnabled(user.id, false);
      const res = await signIn({
        response: authenticator.assert(await loginOptions(), credential),
      }).expect(200);
      expect(loginResultSchema.parse(res.body)).toEqual({ success: true, enabled: false });
    });

    it('counts failed answers in the login limits of their address', async () => {
      const { authenticator, credential } = await userWithPasskey();
      const address = '203.0.113.27';
      const from = (body: object) =>
        request(t.baseUrl).post(PASSKEY_API.login).set('X-Forwarded-For', address).send(body);
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const forged = authenticator.assert(await loginOptions(), credential, {
          signWith: privateKey,
        });
        statuses.push((await from({ response: forged })).status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses[10]).toBe(429);
      // Even the right passkey waits now, from that address.
      const good = authenticator.assert(await loginOptions(), credential);
      expect((await from({ response: good })).status).toBe(429);
    });
  });

  describe('a passkey as the second factor', () => {
    it('completes a password login with its mfaToken', async () => {
      const { user, authenticator, credential } = await userWithPasskey();
      const first = await loginOf(user);
      expect(first).toMatchObject({ mfaRequired: true, mfaMethods: ['passkey'] });
      expect(first.token).toBeUndefined();

      const options = await loginOptions({ mfaToken: first.mfaToken });
      expect(options.allowCredentials?.map((c) => c.id)).toEqual([
        credential.id.toString('base64url'),
      ]);
      const res = await signIn({
        mfaToken: first.mfaToken,
        // A second factor needs the user's presence, not its verification.
        response: authenticator.assert(options, credential, {
          userVerified: false,
          withoutUserHandle: true,
        }),
      }).expect(200);
      const result = loginResultSchema.parse(res.body);
      expect(result.token).toBeDefined();
      await api().get(SESSION_API.list).set(ACCESS_TOKEN_HEADER, result.token!).expect(200);
      expect(
        (await t.app.get(AuditService).list({ target: user.username })).find(
          (e) => e.action === AUDIT_ACTION.passkeySignIn,
        )?.details,
      ).toEqual({ passkeyName: 'Laptop', mode: 'secondFactor' });
    });

    it("refuses another user's passkey, a challenge of the sign-in alone, and a bad mfaToken", async () => {
      const owner = await userWithPasskey();
      const intruder = await userWithPasskey();
      const { mfaToken } = await loginOf(owner.user);

      const theirs = intruder.authenticator.assert(
        await loginOptions({ mfaToken }),
        intruder.credential,
      );
      await signIn({ mfaToken, response: theirs }).expect(401);
      // A challenge handed out for a sign-in alone is not one for this user's second factor.
      const alone = owner.authenticator.assert(await loginOptions(), owner.credential);
      await signIn({ mfaToken, response: alone }).expect(401);

      await request(t.baseUrl)
        .post(PASSKEY_API.loginOptions)
        .send({ mfaToken: 'not-a-token' })
        .expect(401);
      const good = owner.authenticator.assert(await loginOptions({ mfaToken }), owner.credential);
      await signIn({ mfaToken: `${mfaToken}x`, response: good }).expect(401);
    });

    it('answers 409 for the options of a user without a passkey', async () => {
      const user = await newUser();
      const token = (await loginOf(user)).token!;
      await register(token, new SoftwareAuthenticator(ORIGIN));
      const { mfaToken } = await loginOf(user);
      await t.app.get(PasskeysService).removeAllOf(user.id);
      const res = await request(t.baseUrl)
        .post(PASSKEY_API.loginOptions)
        .send({ mfaToken })
        .expect(409);
      expect(errorBodySchema.parse(res.body).message).toBe(PASSKEY_TEXT.noPasskey);
    });
  });

  describe('enrolment required (MFA_REQUIRED_ROLES)', () => {
    it('lets an enrolment-only token register a passkey, and the next login asks for it', async () => {
      const admin = await newUser(USER_TYPE.ADMIN);
      const first = await loginOf(admin);
      expect(first.mfaEnrolmentRequired).toBe(true);
      const token = first.token!;
      // Nothing else answers yet.
      const elsewhere = await api().get(SESSION_API.list).set(ACCESS_TOKEN_HEADER, token);
      expect(elsewhere.status).toBe(403);
      expect(errorBodySchema.parse(elsewhere.body).code).toBe(ERROR_CODE.mfaEnrolmentRequired);

      const authenticator = new SoftwareAuthenticator(ORIGIN);
      const { credential } = await register(token, authenticator);
      const next = await loginOf(admin);
      expect(next).toMatchObject({ mfaRequired: true, mfaMethods: ['passkey'] });

      // Or a passkey alone: a full token at once.
      const res = await signIn({
        response: authenticator.assert(await loginOptions(), credential),
      }).expect(200);
      const result = loginResultSchema.parse(res.body);
      expect(result.mfaEnrolmentRequired).toBeUndefined();
      await api().get(SESSION_API.list).set(ACCESS_TOKEN_HEADER, result.token!).expect(200);
    });
  });
});
