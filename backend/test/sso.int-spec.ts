import {
  ACCESS_TOKEN_HEADER,
  API,
  AUDIT_ACTION,
  AUDIT_API,
  auditPageSchema,
  loginResultSchema,
  SSO_API,
  SSO_BROWSER_COOKIE,
  SSO_ERROR,
  SSO_PORTAL_ROUTE,
  SSO_TEXT,
  ssoStatusSchema,
  TOKEN_INFO_PATH,
  USER_TYPE,
} from '@store-cloud/contracts';
import request from 'supertest';
import { type OidcTestProvider, startOidcProvider } from '../../e2e/stack/oidc-provider';
import { freePort } from '../../e2e/stack/ports';
import type { AppConfig } from '../src/config/env.schema';
import { type OidcRoleRule, parseOidcRoleMap } from '../src/config/oidc-role-map';
import { PasswordHasher } from '../src/modules/users/password-hasher';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { demoFleetAccess } from './users';

/*
 * Single sign-on against node-oidc-provider run by the test (e2e/stack/oidc-provider.mjs): the
 * browser's part (the redirects, the provider's login page, the cookies) is played with fetch
 * and a cookie jar; the backend is the real app.
 */

/** The provider sends the browser here; the test takes the address and calls the backend. */
const REDIRECT_URI = 'http://portal.test/portallogin/sso/callback';
const ROLE_MAP = 'staff=BASIC:101; admins=ADMIN:*';

const oidcSettings = (issuer: string, provider: OidcTestProvider): AppConfig['oidc'] => ({
  issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  redirectUri: REDIRECT_URI,
  scopes: 'openid email profile',
  groupsClaim: 'groups',
  roleMap: parseOidcRoleMap(ROLE_MAP) as OidcRoleRule[],
  label: 'Test IdP',
  passwordLogin: false,
});

/** One browser's cookies (by name: the backend and the provider are both 127.0.0.1). */
class Browser {
  private readonly cookies = new Map<string, string>();

  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  has(name: string) {
    return this.cookies.has(name);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookie },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      const gone = value.join('=') === '' || /expires=Thu, 01 Jan 1970/i.test(line);
      if (gone) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return res;
  }
}

const locationOf = (res: Response, base: string) => {
  const location = res.headers.get('location');
  if (!location) throw new Error(`${res.status} without a Location`);
  return new URL(location, base).toString();
};

describe('single sign-on (OpenID Connect)', () => {
  let provider: OidcTestProvider;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
    t = await createTestApp('sso', { config: { oidc: oidcSettings(provider.issuer, provider) } });
    admin = await t.login(TEST_ADMIN);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  /** start: the backend's redirect to the provider, with the flow's state. */
  async function start(browser: Browser, app = t) {
    const res = await browser.fetch(`${app.baseUrl}${SSO_API.start}`);
    expect(res.status).toBe(302);
    return new URL(locationOf(res, app.baseUrl));
  }

  /** Through the provider's login page as `account`, up to its redirect back (not followed). */
  async function atProvider(browser: Browser, authorizationUrl: URL, account: string) {
    let url = authorizationUrl.toString();
    let res = await browser.fetch(url);
    while (res.status >= 300 && res.status < 400) {
      url = locationOf(res, url);
      res = await browser.fetch(url);
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`No login form at ${url}:\n${html.slice(0, 500)}`);
    url = new URL(action, url).toString();
    res = await browser.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: account, password: 'any' }).toString(),
    });
    for (;;) {
      url = locationOf(res, url);
      if (url.startsWith(REDIRECT_URI)) return new URL(url);
      res = await browser.fetch(url);
    }
  }

  /** The backend's callback with the provider's answer: where it sends the portal. */
  async function callback(browser: Browser, answer: URL, app = t) {
    const res = await browser.fetch(`${app.baseUrl}${SSO_API.callback}${answer.search}`);
    expect(res.status).toBe(302);
    const to = new URL(locationOf(res, app.baseUrl));
    expect(to.pathname).toBe(SSO_PORTAL_ROUTE);
    return { code: to.searchParams.get('code'), error: to.searchParams.get('error') };
  }

  async function signIn(account: string, browser = new Browser()) {
    const answer = await atProvider(browser, await start(browser), account);
    return { browser, ...(await callback(browser, answer)) };
  }

  const complete = (browser: Browser, code: string) =>
    browser.fetch(`${t.baseUrl}${SSO_API.complete}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });

  async function signedInToken(account: string) {
    const { browser, code, error } = await signIn(account);
    expect(error).toBeNull();
    const res = await complete(browser, code!);
    expect(res.status).toBe(200);
    const result = loginResultSchema.parse(await res.json());
    expect(result).toMatchObject({ success: true, enabled: true });
    expect(result.mfaEnrolmentRequired).toBeUndefined();
    return result.token!;
  }

  const ssoAudit = async (username: string) =>
    auditPageSchema
      .parse(
        (
          await request(t.baseUrl)
            .get(AUDIT_API.list)
            .query({ action: 'sso.' })
            .set(ACCESS_TOKEN_HEADER, admin)
            .expect(200)
        ).body,
      )
      .entries.filter((e) => e.target === username || e.details?.subject === username);

  it('says it is on, with the button name', async () => {
    const res = await request(t.baseUrl).get(SSO_API.status).expect(200);
    expect(ssoStatusSchema.parse(res.body)).toEqual({ enabled: true, label: 'Test IdP' });
  });

  it('creates the user from the mapping at the first sign-in and answers the usual login', async () => {
    provider.setAccounts({ alice: { email: 'Alice@SSO.test', groups: ['staff', 'other'] } });
    const token = await signedInToken('alice');

    const info = await request(t.baseUrl)
      .get(TOKEN_INFO_PATH)
      .set(ACCESS_TOKEN_HEADER, token)
      .expect(200);
    expect(info.body).toMatchObject({ name: 'alice@sso.test', usertype: USER_TYPE.BASIC });
    const user = await t.users.findByUsername('alice@sso.test');
    expect(user).toMatchObject({ enabled: true, access: demoFleetAccess([[101]]) });

    const [entry] = await ssoAudit('alice@sso.test');
    expect(entry).toMatchObject({
      action: AUDIT_ACTION.ssoSignIn,
      actor: 'alice@sso.test',
      details: {
        created: true,
        mapping: { groups: ['staff'], usertype: USER_TYPE.BASIC, all: false, companies: [101] },
      },
    });
  });

  it('leaves a user whose groups map to nothing disabled, and says so', async () => {
    provider.setAccounts({ bob: { email: 'bob@sso.test', groups: ['visitors'] } });
    const { error, code } = await signIn('bob');
    expect(code).toBeNull();
    expect(error).toBe(SSO_ERROR.notMapped);
    const user = await t.users.findByUsername('bob@sso.test');
    expect(user).toMatchObject({ enabled: false, access: { all: false, companies: [] } });
    const [entry] = await ssoAudit('bob@sso.test');
    expect(entry?.details).toMatchObject({ created: true, mapping: 'none' });
  });

  it('takes a group change at the next sign-in, and takes access away when nothing maps', async () => {
    provider.setAccounts({ carol: { email: 'carol@sso.test', groups: ['staff'] } });
    const first = await signedInToken('carol');
    expect((await t.users.findByUsername('carol@sso.test'))?.usertype).toBe(USER_TYPE.BASIC);

    provider.setAccounts({ carol: { email: 'carol@sso.test', groups: ['admins'] } });
    await signedInToken('carol');
    const promoted = await t.users.findByUsername('carol@sso.test');
    expect(promoted).toMatchObject({ usertype: USER_TYPE.ADMIN, access: { all: true } });

    provider.setAccounts({ carol: { email: 'carol@sso.test', groups: [] } });
    const { error } = await signIn('carol');
    expect(error).toBe(SSO_ERROR.notMapped);
    const removed = await t.users.findByUsername('carol@sso.test');
    expect(removed).toMatchObject({ enabled: false, access: { all: false, companies: [] } });
    // Its sessions ended with its access.
    await request(t.baseUrl).get(TOKEN_INFO_PATH).set(ACCESS_TOKEN_HEADER, first).expect(401);

    const entries = await ssoAudit('carol@sso.test');
    expect(entries.map((e) => e.details?.mapping)).toEqual([
      'none',
      expect.objectContaining({ usertype: USER_TYPE.ADMIN, all: true }),
      expect.objectContaining({ usertype: USER_TYPE.BASIC }),
    ]);
  });

  it('matches users by issuer and subject, never takes over a user by its e-mail', async () => {
    await t.createUser({ username: 'dave@sso.test', password: 'Local-Pass-1' });
    provider.setAccounts({ dave: { email: 'dave@sso.test', groups: ['admins'] } });
    const { error } = await signIn('dave');
    expect(error).toBe(SSO_ERROR.usernameTaken);
    expect((await t.users.findByUsername('dave@sso.test'))?.usertype).toBe(USER_TYPE.BASIC);
    const [entry] = await ssoAudit('dave');
    expect(entry).toMatchObject({ action: AUDIT_ACTION.ssoRefused, actor: 'platform' });

    // A changed e-mail at the provider is still the same user.
    provider.setAccounts({ alice: { email: 'alice.new@sso.test', groups: ['staff'] } });
    const token = await signedInToken('alice');
    const info = await request(t.baseUrl).get(TOKEN_INFO_PATH).set(ACCESS_TOKEN_HEADER, token);
    expect(info.body.name).toBe('alice@sso.test');
  });

  it('refuses a password login of a single sign-on user (OIDC_PASSWORD_LOGIN off)', async () => {
    provider.setAccounts({ gina: { email: 'gina@sso.test', groups: ['staff'] } });
    await signedInToken('gina');
    const gina = (await t.users.findByUsername('gina@sso.test'))!;
    // As an administrator could have set one.
    await t.users.setPasswordHash(gina.id, await t.app.get(PasswordHasher).hash('Gina-Pass-1'));
    const res = await request(t.baseUrl)
      .post(API.login)
      .send({ username: 'gina@sso.test', password: 'Gina-Pass-1' })
      .expect(401);
    expect(res.body.message).toBe(SSO_TEXT.passwordLoginOff);
  });

  it('takes a one-time code once, and only from the browser that signed in', async () => {
    provider.setAccounts({ erin: { email: 'erin@sso.test', groups: ['staff'] } });
    const { browser, code } = await signIn('erin');
    expect((await complete(new Browser(), code!)).status).toBe(401);

    const again = await signIn('erin');
    expect(again.browser.has(SSO_BROWSER_COOKIE)).toBe(true);
    expect((await complete(again.browser, again.code!)).status).toBe(200);
    const twice = await complete(again.browser, again.code!);
    expect(twice.status).toBe(401);
    // The first browser's code was used up by the refused try.
    expect((await complete(browser, code!)).status).toBe(401);
    await request(t.baseUrl).post(SSO_API.complete).send({ code: 'not a code' }).expect(400);
  });

  it('refuses an unknown state, another browser, and a code with another flow (PKCE)', async () => {
    provider.setAccounts({ frank: { email: 'frank@sso.test', groups: ['staff'] } });
    const a = new Browser();
    const answerA = await atProvider(a, await start(a), 'frank');

    const forged = new URL(answerA);
    forged.searchParams.set('state', 'made-up');
    expect(await callback(a, forged)).toEqual({ code: null, error: SSO_ERROR.flowInvalid });
    expect(await callback(new Browser(), answerA)).toEqual({
      code: null,
      error: SSO_ERROR.flowInvalid,
    });

    // A's code under B's flow (its state and cookie): B's PKCE verifier does not fit A's code.
    const a2 = new Browser();
    const answerA2 = await atProvider(a2, await start(a2), 'frank');
    const b = new Browser();
    const flowB = await start(b);
    const swapped = new URL(answerA2);
    swapped.searchParams.set('state', flowB.searchParams.get('state')!);
    expect(await callback(b, swapped)).toEqual({ code: null, error: SSO_ERROR.tokenRefused });
    expect(await t.users.findByUsername('frank@sso.test')).toBeNull();
  });

  it('refuses an issuer that is not the one configured, and one that does not answer', async () => {
    // The provider's discovery document names http://127.0.0.1:…, not http://localhost:….
    const port = new URL(provider.issuer).port;
    const wrong = await createTestApp('sso-wrong-issuer', {
      seed: false,
      config: { oidc: oidcSettings(`http://localhost:${port}`, provider) },
    });
    const silent = await createTestApp('sso-silent-issuer', {
      seed: false,
      config: { oidc: oidcSettings(`http://127.0.0.1:${await freePort()}`, provider) },
    });
    try {
      for (const app of [wrong, silent]) {
        const to = await start(new Browser(), app);
        expect(to.pathname).toBe(SSO_PORTAL_ROUTE);
        expect(to.searchParams.get('error')).toBe(SSO_ERROR.providerUnavailable);
      }
      // A callback that claims to come from it finds no flow and signs nobody in.
      const fake = new URL(`${REDIRECT_URI}?code=abc&state=def`);
      expect(await callback(new Browser(), fake, wrong)).toEqual({
        code: null,
        error: SSO_ERROR.flowInvalid,
      });
    } finally {
      await wrong.close();
      await silent.close();
    }
  });
});
