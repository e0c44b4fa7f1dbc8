import { expect, test } from '@playwright/test';
import {
  API,
  canUse,
  MENU_LABELS,
  type MenuEntry,
  PORTAL_LABELS,
  PORTAL_VERSION,
  ROUTES,
  serviceVersionSchema,
  shortVersion,
  tokenPayloadSchema,
  versionInfoSchema,
} from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import {
  expectLoginScreen,
  logIn,
  menuEntry,
  openAdminMenu,
  shellHeader,
} from './support/portal-page';

const MENU_ENTRIES = Object.keys(MENU_LABELS).filter((k) => k !== 'logout') as MenuEntry[];

test('the seeded admin logs in, sees the shell and the About dialog, and logs out', async ({
  page,
  request,
}) => {
  await logIn(page, E2E.admin.username, E2E.admin.password);

  await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));
  // The header shows the short version (without the last dotted part), not the full one.
  await expect(shellHeader(page)).toContainText(shortVersion(PORTAL_VERSION));
  await expect(shellHeader(page)).not.toContainText(PORTAL_VERSION);

  // The menu shows exactly the entries the permission rules open to this user (spec §6).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const payload = tokenPayloadSchema.parse(JSON.parse(atob(token!.split('.')[1])));
  expect(payload.usertype).toBe('SUPER-ADMIN');
  await openAdminMenu(page);
  for (const entry of MENU_ENTRIES) {
    const locator = menuEntry(page, MENU_LABELS[entry]);
    if (canUse(entry, payload)) await expect(locator).toBeVisible();
    else await expect(locator).toHaveCount(0);
  }
  await expect(menuEntry(page, MENU_LABELS.logout)).toBeVisible();
  await page.keyboard.press('Escape');

  const cloud = versionInfoSchema.parse(
    await (await request.get(E2E.backendUrl + API.version)).json(),
  );
  const media = serviceVersionSchema.parse(
    await (await request.get(`${E2E.mediaUrl}/version`)).json(),
  );

  await menuEntry(page, MENU_LABELS.about).click();
  const about = page.getByRole('dialog', { name: PORTAL_LABELS.aboutTitle });
  await expect(about).toBeVisible();
  await expect(about).toContainText(PORTAL_LABELS.portalVersion);
  await expect(about).toContainText(PORTAL_VERSION);
  await expect(about).toContainText(PORTAL_LABELS.cloudServiceVersion);
  await expect(about).toContainText(cloud.version);
  await expect(about).toContainText(PORTAL_LABELS.mediaServerVersion);
  await expect(about).toContainText(media.version);
  await about.getByRole('button', { name: PORTAL_LABELS.close }).click();
  await expect(about).toBeHidden();

  await menuEntry(page, MENU_LABELS.logout).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.login}$`));
  await expectLoginScreen(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a protected route without a session leads to the login screen', async ({ page }) => {
  await page.goto(ROUTES.home);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.login}$`));
  await expectLoginScreen(page);
});
