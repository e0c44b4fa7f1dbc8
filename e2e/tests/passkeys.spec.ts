import { expect, type Page, test } from '@playwright/test';
import { MENU_LABELS, MFA_TEXT, PASSKEY_TEXT, PORTAL_LABELS, ROUTES } from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { loginForm, menuEntry } from './support/portal-page';
import { insertUser, uniqueUsername } from './support/users-db';

/*
 * Passkeys (issue 27) in Chromium with its virtual authenticator (CDP WebAuthn domain: a CTAP2
 * platform authenticator with resident keys and user verification). A passkey needs a domain as
 * relying party, so the portal is opened as http://localhost (the stack's WEBAUTHN_ORIGIN).
 */
const PORTAL = E2E.portalUrl.replace('127.0.0.1', 'localhost');

// Each journey signs in three times through a whole stack: room for a loaded machine.
test.describe.configure({ timeout: 180_000 });

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function logInWithPassword(page: Page, username: string, password: string) {
  await page.goto(PORTAL);
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  await form.submit.click();
}

/** Registers a passkey named `name` on the profile page of the signed-in user. */
async function addPasskey(page: Page, name: string) {
  await menuEntry(page, MENU_LABELS.userProfile).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.userProfile}$`));
  await page.getByRole('button', { name: PASSKEY_TEXT.heading, exact: true }).click();
  const section = page.getByTestId('passkeys');
  await expect(section.getByText(PASSKEY_TEXT.empty)).toBeVisible();
  await section.getByLabel(PASSKEY_TEXT.nameLabel, { exact: true }).fill(name);
  await section.getByRole('button', { name: PASSKEY_TEXT.register, exact: true }).click();
  await expect(page.getByText(PASSKEY_TEXT.added)).toBeVisible();
  const row = section.getByTestId('passkey-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row.getByTestId('passkey-last-used')).toHaveText(PASSKEY_TEXT.neverUsed);
}

async function logOut(page: Page) {
  await menuEntry(page, MENU_LABELS.logout).click();
  await expect(loginForm(page).username).toBeVisible();
}

test('a passkey registered on the profile page signs in alone, without the password', async ({
  page,
}) => {
  const user = { username: uniqueUsername('passkey'), password: 'Passkey-Pass1', enabled: true };
  await insertUser(user);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await logInWithPassword(page, user.username, user.password);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));
  await addPasskey(page, 'Virtual laptop');
  // The authenticator now holds one discoverable credential for this site.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  await logOut(page);
  await page.getByRole('button', { name: PASSKEY_TEXT.signIn, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));

  // The profile shows when it was last used.
  await menuEntry(page, MENU_LABELS.userProfile).click();
  await page.getByRole('button', { name: PASSKEY_TEXT.heading, exact: true }).click();
  await expect(page.getByTestId('passkey-last-used')).not.toHaveText(PASSKEY_TEXT.neverUsed);
});

test('after the password, a passkey is the second factor', async ({ page }) => {
  const user = {
    username: uniqueUsername('passkey-2fa'),
    password: 'Passkey-Pass2',
    enabled: true,
  };
  await insertUser(user);
  await virtualAuthenticator(page);

  await logInWithPassword(page, user.username, user.password);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));
  await addPasskey(page, 'Second factor');
  await logOut(page);

  // The password alone no longer signs in: the second step asks for the passkey.
  await logInWithPassword(page, user.username, user.password);
  await expect(page.getByRole('heading', { name: MFA_TEXT.heading })).toBeVisible();
  await page.getByRole('button', { name: PASSKEY_TEXT.useInstead, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));
  await expect(page.getByRole('button', { name: PORTAL_LABELS.login })).toHaveCount(0);
});
