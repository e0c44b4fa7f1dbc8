import { expect, type Page, test } from '@playwright/test';
import { HOME_TEXT, ROUTES, SSO_TEXT, tokenPayloadSchema, USER_TYPE } from '@store-cloud/contracts';
import { type OidcTestProvider, startOidcProvider } from '../stack/oidc-provider';
import { E2E, E2E_OIDC } from './support/e2e-env';

/*
 * Single sign-on through a real OpenID Connect provider (node-oidc-provider, its development
 * login page) on the port the stack's OIDC_ISSUER names: from the portal's login page to the
 * provider and back to the portal's home, then a group change taking effect at the next sign-in.
 */
let provider: OidcTestProvider;

// Two round trips through the provider's pages each: more than the default on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  provider = await startOidcProvider({
    port: E2E_OIDC.port,
    clientId: E2E_OIDC.clientId,
    clientSecret: E2E_OIDC.clientSecret,
    redirectUris: [`${E2E.portalUrl}/portallogin/sso/callback`],
    accounts: { 'sso-e2e': { email: 'sso-e2e@idp.test', groups: ['e2e-staff'] } },
  });
});
test.afterAll(async () => {
  await provider?.stop();
});

/** Signs in at the provider and waits for the home screen with the given heading. */
async function signInAtProvider(page: Page, homeHeading: string) {
  await page.goto(ROUTES.login);
  await page.getByRole('link', { name: SSO_TEXT.signInWith(E2E_OIDC.label) }).click();
  // The provider's own login page (its development interactions): any password.
  await page.locator('input[name="login"]').fill('sso-e2e');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));
  await expect(page.getByRole('heading', { level: 1, name: homeHeading })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return tokenPayloadSchema.parse(JSON.parse(atob(token!.split('.')[1])));
}

test('signs in with the identity provider and lands on the home page', async ({ page }) => {
  // Staff of one company (e2e-staff=BASIC:101): the home goes straight to its stores.
  const first = await signInAtProvider(page, HOME_TEXT.selectStoreFor('Northway Fuels'));
  expect(first).toMatchObject({ name: 'sso-e2e@idp.test', usertype: USER_TYPE.BASIC });

  // The provider moves the account to the administrators: the next sign-in carries it.
  provider.setAccounts({ 'sso-e2e': { email: 'sso-e2e@idp.test', groups: ['e2e-admins'] } });
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  const second = await signInAtProvider(page, HOME_TEXT.selectCompanyAndStore);
  expect(second).toMatchObject({ usertype: USER_TYPE.ADMIN, all: true });
});

test('says so on the login page when no group gives access', async ({ page }) => {
  provider.setAccounts({ 'sso-nobody': { email: 'sso-nobody@idp.test', groups: ['visitors'] } });
  await page.context().clearCookies();
  await page.goto(ROUTES.login);
  await page.getByRole('link', { name: SSO_TEXT.signInWith(E2E_OIDC.label) }).click();
  await page.locator('input[name="login"]').fill('sso-nobody');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByText(SSO_TEXT.errors.not_mapped)).toBeVisible();
});
