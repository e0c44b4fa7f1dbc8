/**
 * Store sessions (issue 13): Logout ends the store connection, so the same user connects again
 * after logging back in; while a store is connected, another user sees who holds it and since
 * when, with Connect to Site disabled. Uses Prairie Petroleum's one store, which no other spec
 * connects to.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  API,
  COMPANY_LABELS,
  DEMO_FLEET,
  HOME_TEXT,
  MENU_LABELS,
  ROUTES,
  STORE_STATUS,
  storeStatusSchema,
} from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { expectLoginScreen, logIn, menuEntry } from './support/portal-page';
import { insertUser, uniqueUsername } from './support/users-db';

const PRAIRIE = DEMO_FLEET.companies.find((c) => c.companyId === 303)!;
const STORE = PRAIRIE.stores[0]!;

async function storeStatusNow(): Promise<number> {
  const res = await fetch(`${E2E.backendUrl}${API.storeStatus}?c=303&s=${STORE.storeId}`);
  return storeStatusSchema.parse(await res.json()).status;
}

/** The admin (access to all) picks Prairie Petroleum, whose one store has Connect to Site. */
async function openPrairieAsAdmin(page: Page) {
  await logIn(page, E2E.admin.username, E2E.admin.password);
  await page
    .getByRole('table', { name: 'Companies' })
    .getByRole('row', { name: PRAIRIE.companyName })
    .click();
  await expect(
    page.getByRole('heading', { name: HOME_TEXT.selectStoreFor(PRAIRIE.companyName) }),
  ).toBeVisible();
}

const connectButton = (page: Page) => page.getByRole('button', { name: HOME_TEXT.connectToSite });

async function connectToStore(page: Page) {
  await expect(page.getByRole('img', { name: 'online' })).toBeVisible({ timeout: 30_000 });
  await connectButton(page).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.store}$`));
  await expect(page.getByTestId('active-site')).toContainText(STORE.storeName);
}

test('Logout ends the store connection; another user sees who holds the store, Connect disabled', async ({
  page,
  browser,
}) => {
  await openPrairieAsAdmin(page);
  await connectToStore(page);
  expect(await storeStatusNow()).toBe(STORE_STATUS.connected);

  // Logout closes the store connection before it clears the session.
  await menuEntry(page, MENU_LABELS.logout).click();
  await expectLoginScreen(page);
  await expect.poll(storeStatusNow).toBe(STORE_STATUS.online);

  // Back in, the same store connects again.
  await openPrairieAsAdmin(page);
  await connectToStore(page);

  // A second user with access to the store, in a browser of their own.
  const other = { username: uniqueUsername('holder-view'), password: 'Other-Pass-123' };
  await insertUser({
    ...other,
    enabled: true,
    access: {
      all: false,
      companies: [
        {
          companyId: PRAIRIE.companyId,
          companyName: PRAIRIE.companyName,
          stores: [{ storeId: STORE.storeId, storeName: STORE.storeName, enabled: true }],
        },
      ],
    },
  });
  const context = await browser.newContext();
  try {
    const otherPage = await context.newPage();
    await logIn(otherPage, other.username, other.password);
    // One company, one store: straight to its Connect to Site button.
    await expect(
      otherPage.getByRole('heading', { name: HOME_TEXT.selectStoreFor(PRAIRIE.companyName) }),
    ).toBeVisible();
    await expect(otherPage.getByTestId('store-holder')).toContainText(
      COMPANY_LABELS.connectedBy(E2E.admin.username, ''),
    );
    await expect(otherPage.getByTestId('store-holder')).toHaveText(
      /since \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    await expect(connectButton(otherPage)).toBeDisabled();

    // The holder logs out: the store is free for the other user.
    await menuEntry(page, MENU_LABELS.logout).click();
    await expectLoginScreen(page);
    await expect(otherPage.getByTestId('store-holder')).toBeHidden({ timeout: 30_000 });
    await expect(connectButton(otherPage)).toBeEnabled();
    await connectToStore(otherPage);
    await menuEntry(otherPage, MENU_LABELS.logout).click();
    await expectLoginScreen(otherPage);
    await expect.poll(storeStatusNow).toBe(STORE_STATUS.online);
  } finally {
    await context.close();
  }
});
