/**
 * Connecting to a store (spec §2 Store, Function screen, Status, Timeout; §4): the whole path
 * through the real backend and the simulated fleet. Uses Sunrise Convenience, which no other spec
 * connects to, so its stores' statuses are this spec's own.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import {
  BOS_VERSIONS,
  bosToUse,
  DEMO_FLEET,
  HOME_TEXT,
  MENU_LABELS,
  ROUTES,
  SITE_API,
  SITE_LABELS,
  STATUS_TEXT,
  TIMEOUT_TEXT,
} from '@store-cloud/contracts';
import { E2E, SITE_IDLE_TIMEOUT_MS } from './support/e2e-env';
import { chooseMenuEntry, logIn } from './support/portal-page';

const SUNRISE = DEMO_FLEET.companies.find((c) => c.companyId === 202)!;

/** Holds the calls to `path` until released, so a progress message can be seen for sure. */
async function gate(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(`**${path}`, async (route: Route) => {
    arrived();
    await released;
    await route.continue();
  });
  return { held, release };
}

async function openSunrise(page: Page) {
  await logIn(page, E2E.admin.username, E2E.admin.password);
  await page
    .getByRole('table', { name: 'Companies' })
    .getByRole('row', { name: SUNRISE.companyName })
    .click();
  await expect(
    page.getByRole('heading', { name: HOME_TEXT.selectStoreFor(SUNRISE.companyName) }),
  ).toBeVisible();
}

const storeRow = (page: Page, storeName: string) =>
  page.getByRole('table', { name: 'Stores' }).getByRole('row').filter({ hasText: storeName });

async function connect(page: Page, storeName: string) {
  const row = storeRow(page, storeName);
  await expect(row.getByRole('img', { name: 'online' })).toBeVisible({ timeout: 30_000 });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.store}$`));
}

test('an admin connects to a store, sees its versions and opens its back office', async ({
  page,
}) => {
  const store = SUNRISE.stores[0]!;
  await openSunrise(page);

  const connecting = await gate(page, SITE_API.siteConnect);
  const loggingIn = await gate(page, SITE_API.siteLogin);
  await storeRow(page, store.storeName).click();
  await connecting.held;
  await expect(page.getByText(HOME_TEXT.connectingToStore(store.storeName))).toBeVisible();
  connecting.release();
  await loggingIn.held;
  await expect(
    page.getByText(HOME_TEXT.loggingInToStore(store.storeName, SUNRISE.companyName)),
  ).toBeVisible();
  loggingIn.release();

  await expect(page).toHaveURL(new RegExp(`${ROUTES.store}$`));
  const activeSite = page.getByTestId('active-site');
  await expect(activeSite).toContainText(`${SUNRISE.companyName} (${SUNRISE.companyId})`);
  await expect(activeSite).toContainText(`${store.storeName} (${store.storeId})`);

  // The site status card: the versions the simulated store answers through the relay.
  const status = page.getByRole('table', { name: SITE_LABELS.siteStatus });
  const expected: Array<[string, string]> = [
    [SITE_LABELS.servingService, store.versions.serving],
    [SITE_LABELS.dealService, store.versions.deal],
    [SITE_LABELS.bookingService, store.versions.booking],
    [SITE_LABELS.pumpService, store.versions.pump],
    [SITE_LABELS.router, store.versions.router],
  ];
  for (const [label, version] of expected) {
    await expect(status.getByRole('row', { name: label })).toContainText(version);
  }
  const bosVersions = page.getByRole('table', { name: SITE_LABELS.bosVersions });
  await expect(bosVersions.getByRole('row', { name: SITE_LABELS.bosVersion(3) })).toContainText(
    BOS_VERSIONS.bos3,
  );

  // The back office its serving service needs, in the frame, signed with the site token.
  const bos = bosToUse(store.versions.serving);
  expect(bos).toBeGreaterThan(0);
  await page.getByRole('button', { name: SITE_LABELS.openBos }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.function(bos)}$`));
  const frame = page.frameLocator(`iframe[title="${SITE_LABELS.backOfficeFrame}"]`);
  await expect(frame.getByTestId('bos-version')).toHaveText(
    BOS_VERSIONS[`bos${bos}` as keyof typeof BOS_VERSIONS],
  );
  await expect(frame.getByTestId('bos-store')).toHaveText(String(store.storeId));
  await expect(frame.getByTestId('bos-user')).toHaveText('100');
  await expect(frame.getByTestId('bos-signed-in')).toHaveText(E2E.admin.username);

  // Disconnect (issue 30) goes Home, whose route rule closes the store connection: the header's
  // active site goes, the store is online again.
  await page.goBack();
  await page.getByRole('button', { name: SITE_LABELS.disconnect }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));
  await expect(activeSite).toBeHidden();
  await page
    .getByRole('table', { name: 'Companies' })
    .getByRole('row', { name: SUNRISE.companyName })
    .click();
  await expect(storeRow(page, store.storeName).getByRole('img', { name: 'online' })).toBeVisible({
    timeout: 30_000,
  });
});

test('closing the connection on the Status screen sends the connected portal to /timeout', async ({
  page,
  browser,
}) => {
  const store = SUNRISE.stores[1]!;
  await openSunrise(page);
  await connect(page, store.storeName);
  // A small screen shows only the open button.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('button', { name: SITE_LABELS.openBos })).toBeVisible();
  await expect(page.getByRole('table', { name: SITE_LABELS.siteStatus })).toBeHidden();
  await expect(page.getByRole('table', { name: SITE_LABELS.bosVersions })).toBeHidden();

  const admin = await browser.newContext();
  try {
    const statusPage = await admin.newPage();
    await logIn(statusPage, E2E.admin.username, E2E.admin.password);
    await expect(
      statusPage.getByRole('heading', { name: HOME_TEXT.selectCompanyAndStore }),
    ).toBeVisible();
    await chooseMenuEntry(statusPage, MENU_LABELS.status);
    const connections = statusPage.getByRole('table', { name: STATUS_TEXT.currentConnections });
    const row = connections
      .getByRole('row')
      .filter({ hasText: `(${SUNRISE.companyId})` })
      .filter({
        // "Store Name (id)": the cell ends with the store's id.
        has: statusPage.getByRole('cell', { name: new RegExp(`\\(${store.storeId}\\)$`) }),
      });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: SITE_LABELS.closeConnection }).click();
    const dialog = statusPage.getByRole('dialog', { name: SITE_LABELS.closeConnection });
    await expect(dialog).toContainText(SITE_LABELS.confirmClose(SUNRISE.companyId, store.storeId));
    await dialog.getByRole('button', { name: SITE_LABELS.closeConnection }).click();
    await expect(row).toHaveCount(0);
  } finally {
    await admin.close();
  }

  // The first portal's ping loop finds its connection closed.
  // It says an administrator closed it, not the inactivity text (issue 30).
  await expect(page).toHaveURL(new RegExp(`${ROUTES.timeout}\\?reason=admin$`));
  await expect(page.getByText(TIMEOUT_TEXT.closedByAdmin)).toBeVisible();
  await expect(page.getByText(TIMEOUT_TEXT.body)).toBeHidden();
  await expect(page.getByTestId('active-site')).toBeHidden();
});

test('a connection left idle is closed by the backend and the portal shows /timeout', async ({
  page,
}) => {
  test.setTimeout(SITE_IDLE_TIMEOUT_MS * 4);
  const store = SUNRISE.stores[0]!;
  await openSunrise(page);
  await connect(page, store.storeName);
  await expect(
    page
      .getByRole('table', { name: SITE_LABELS.siteStatus })
      .getByRole('row', { name: SITE_LABELS.router }),
  ).toContainText(store.versions.router);

  // Only the ping loop runs now, and it must not keep the connection open.
  await expect(page).toHaveURL(new RegExp(`${ROUTES.timeout}$`), {
    timeout: SITE_IDLE_TIMEOUT_MS * 2 + 10_000,
  });
  await expect(page.getByText(TIMEOUT_TEXT.body)).toBeVisible();
  await expect(page.getByTestId('active-site')).toBeHidden();
});
