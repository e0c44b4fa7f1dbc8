import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  API_TOKEN_API,
  API_TOKEN_PREFIX,
  API_TOKENS_TEXT,
  AUDIT_ACTION,
  apiTokenListSchema,
  apiTokenPath,
  COMPANY_API,
  createdApiTokenSchema,
  errorBodySchema,
  SESSION_API,
  storeStatusListSchema,
  USER_TYPE,
} from '@store-cloud/contracts';
import request from 'supertest';
import { Clock } from '../src/common/clock/clock';
import { AuditService } from '../src/modules/audit/audit.service';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { demoFleetAccess } from './users';

const PASSWORD = 'Api-Tokens-Pass-1';
const DAY_MS = 86_400_000;

/**
 * API tokens for integrations (issue 27 part 5), over HTTP against FerretDB and Redis: two
 * backend nodes share the database, so a revocation on one is seen on the other at once.
 */
describe('API tokens', () => {
  let a: TestApp;
  let b: TestApp;
  let root: string;
  /** An ADMIN of company 101 only. */
  let admin: string;
  let now = Date.parse('2026-11-26T10:00:00Z');
  let n = 0;

  beforeAll(async () => {
    jest.spyOn(Clock.prototype, 'now').mockImplementation(() => new Date(now));
    a = await createTestApp('apitokens');
    b = await createTestApp('apitokens', { seed: false });
    root = await a.login(TEST_ADMIN);
    const user = await a.createUser({
      username: 'tokens-admin@apitokens.test',
      password: PASSWORD,
      usertype: USER_TYPE.ADMIN,
      access: demoFleetAccess([[101]]),
    });
    admin = await a.login({ username: user.username, password: PASSWORD });
  }, 60_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await b?.app.close();
    await a?.close();
  });

  const create = (t: TestApp, portalToken: string, body: object) =>
    request(t.baseUrl).post(API_TOKEN_API.list).set(ACCESS_TOKEN_HEADER, portalToken).send(body);

  async function newToken(body: Partial<Record<string, unknown>> = {}, by = admin) {
    const res = await create(a, by, {
      name: `integration ${++n}`,
      scopes: ['home', 'status'],
      companies: [101],
      expiresInDays: 30,
      ...body,
    }).expect(201);
    return createdApiTokenSchema.parse(res.body);
  }

  const bearer = (t: TestApp, token: string, path: string) =>
    request(t.baseUrl).get(path).set('Authorization', `Bearer ${token}`);

  it('shows the token once, lists it without it, and lets it read its companies only', async () => {
    const made = await newToken();
    expect(made.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(made.token.length).toBeGreaterThan(40);
    expect(made.hint).toBe(`${made.token.slice(0, API_TOKEN_PREFIX.length + 4)}…`);
    expect(made.expiresAt).toBe(new Date(now + 30 * DAY_MS).toISOString());

    const listed = apiTokenListSchema.parse(
      (await request(a.baseUrl).get(API_TOKEN_API.list).set(ACCESS_TOKEN_HEADER, admin).expect(200))
        .body,
    );
    const mine = listed.find((t) => t.id === made.id)!;
    expect(mine).toMatchObject({ name: made.name, scopes: ['home', 'status'], companies: [101] });
    expect(JSON.stringify(listed)).not.toContain(made.token);
    expect(JSON.stringify(listed)).not.toMatch(/hash/);

    const statuses = storeStatusListSchema.parse(
      (await bearer(a, made.token, COMPANY_API.allStoresStatus).expect(200)).body,
    );
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses.map((s) => s.companyId))).toEqual(new Set([101]));
    await bearer(b, made.token, SESSION_API.list).expect(403);
  });

  it('narrows an all-access creator to the companies the token names', async () => {
    const made = await newToken({ companies: [202] }, root);
    const statuses = storeStatusListSchema.parse(
      (await bearer(a, made.token, COMPANY_API.allStoresStatus).expect(200)).body,
    );
    expect(statuses.length).toBe(2);
    expect(statuses.every((s) => s.companyId === 202)).toBe(true);
  });

  it('never reaches a route outside its scopes: admin routes, the profile, tokens themselves', async () => {
    const made = await newToken({ scopes: ['home'] });
    for (const path of [ADMIN_API.users, SESSION_API.list, API_TOKEN_API.list]) {
      const refused = await bearer(a, made.token, path).expect(403);
      expect(errorBodySchema.parse(refused.body).message).toBe(API_TOKENS_TEXT.outOfScope);
    }
    // With the users scope the same admin route answers, within the creator's rights.
    const users = await newToken({ scopes: ['users'] });
    await bearer(a, users.token, ADMIN_API.users).expect(200);
    // A token is no portal token: the portal's header refuses it.
    await request(a.baseUrl)
      .get(COMPANY_API.allStoresStatus)
      .set(ACCESS_TOKEN_HEADER, made.token)
      .expect(401);
  });

  it('refuses scopes and companies its creator does not have, and bad input', async () => {
    await create(a, admin, {
      name: 'x',
      scopes: ['backup'],
      companies: [101],
      expiresInDays: 1,
    }).expect(403);
    await create(a, admin, {
      name: 'x',
      scopes: ['home'],
      companies: [202],
      expiresInDays: 1,
    }).expect(403);
    for (const bad of [
      { name: '', scopes: ['home'], companies: 'all', expiresInDays: 1 },
      { name: 'x', scopes: [], companies: 'all', expiresInDays: 1 },
      { name: 'x', scopes: ['userProfile'], companies: 'all', expiresInDays: 1 },
      { name: 'x', scopes: ['home'], companies: 'all', expiresInDays: 366 },
      { name: 'x', scopes: ['home'], companies: [], expiresInDays: 1 },
    ]) {
      await create(a, admin, bad).expect(400);
    }
    // A BASIC user has no API tokens screen at all.
    const basic = await a.createUser({
      username: 'tokens-basic@apitokens.test',
      password: PASSWORD,
      access: demoFleetAccess([[101]]),
    });
    const basicToken = await a.login({ username: basic.username, password: PASSWORD });
    await request(a.baseUrl)
      .get(API_TOKEN_API.list)
      .set(ACCESS_TOKEN_HEADER, basicToken)
      .expect(403);
  });

  it('revoked on one node is refused on the other at once; expired is refused', async () => {
    const made = await newToken();
    await bearer(b, made.token, COMPANY_API.allStoresStatus).expect(200);
    await request(a.baseUrl)
      .delete(apiTokenPath(made.id))
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(200);
    await bearer(b, made.token, COMPANY_API.allStoresStatus).expect(401);
    await bearer(a, made.token, COMPANY_API.allStoresStatus).expect(401);

    const expiring = await newToken({ expiresInDays: 1 });
    await bearer(b, expiring.token, COMPANY_API.allStoresStatus).expect(200);
    now += DAY_MS;
    await bearer(b, expiring.token, COMPANY_API.allStoresStatus).expect(401);
  });

  it("hides another admin's tokens: an ADMIN cannot list or revoke them", async () => {
    const others = await newToken({}, root);
    const listed = apiTokenListSchema.parse(
      (await request(a.baseUrl).get(API_TOKEN_API.list).set(ACCESS_TOKEN_HEADER, admin).expect(200))
        .body,
    );
    expect(listed.map((t) => t.id)).not.toContain(others.id);
    await request(a.baseUrl)
      .delete(apiTokenPath(others.id))
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(404);
    await bearer(a, others.token, COMPANY_API.allStoresStatus).expect(200);
  });

  it('audits creation, every use with its outcome, and revocation; never the token', async () => {
    const made = await newToken({ scopes: ['home'] });
    await bearer(a, made.token, COMPANY_API.allStoresStatus).expect(200);
    await bearer(a, made.token, ADMIN_API.users).expect(403);
    await request(a.baseUrl)
      .delete(apiTokenPath(made.id))
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(200);
    await bearer(a, made.token, COMPANY_API.allStoresStatus).expect(401);

    const audit = a.app.get(AuditService);
    let entries: Awaited<ReturnType<AuditService['list']>> = [];
    // Uses are written as their answers finish, without the caller waiting.
    for (let i = 0; i < 50; i++) {
      entries = await audit.list({ target: made.name });
      if (entries.filter((e) => e.action === AUDIT_ACTION.apiTokenUse).length >= 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const actions = entries.map((e) => e.action);
    expect(actions).toContain(AUDIT_ACTION.apiTokenCreate);
    expect(actions).toContain(AUDIT_ACTION.apiTokenRevoke);
    const uses = entries
      .filter((e) => e.action === AUDIT_ACTION.apiTokenUse)
      .map((e) => (e.details as { status: number; route: string }).status)
      .sort();
    expect(uses).toEqual([200, 401, 403]);
    expect(entries.every((e) => e.actor === 'tokens-admin@apitokens.test')).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(made.token);
    expect(a.logs.join('\n')).not.toContain(made.token);
  });
});
