import { expect, type Page, test } from '@playwright/test';
import { COMPANY_LABELS, DEMO_FLEET, HOME_TEXT, LIVE_STATUS } from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { setStoreOnline } from './support/fleet';
import { logIn } from './support/portal-page';

const NORTHWAY = DEMO_FLEET.companies.find((c) => c.companyId === 101)!;
const PRAIRIE = DEMO_FLEET.companies.find((c) => c.companyId === 303)!;

const storeRow = (page: Page, storeName: string) =>
  page.getByRole('table', { name: 'Stores' }).getByRole('row').filter({ hasText: storeName });

async function openCompany(page: Page, companyName: string) {
  await logIn(page, E2E.admin.username, E2E.admin.password);
  await expect(page.getByRole('heading', { name: HOME_TEXT.selectCompanyAndStore })).toBeVisible();
  await page
    .getByRole('table', { name: 'Companies' })
    .getByRole('row', { name: companyName })
    .click();
  await expect(
    page.getByRole('heading', { name: HOME_TEXT.selectStoreFor(companyName) }),
  ).toBeVisible();
}

test('an admin picks a demo company and sees its stores online with their versions', async ({
  page,
}) => {
  await logIn(page, E2E.admin.username, E2E.admin.password);
  const companies = page.getByRole('table', { name: 'Companies' });
  for (const company of DEMO_FLEET.companies) {
    await expect(companies.getByRole('row', { name: company.companyName })).toBeVisible();
  }
  // Search filters from the third character on.
  const search = page.getByRole('searchbox', { name: COMPANY_LABELS.search });
  await search.fill('pr');
  await expect(companies.getByRole('row', { name: NORTHWAY.companyName })).toBeVisible();
  await search.fill('pra');
  await expect(companies.getByRole('row', { name: NORTHWAY.companyName })).toBeHidden();
  await companies.getByRole('row', { name: PRAIRIE.companyName }).click();

  // One store: a Connect to Site button.
  await expect(page.getByRole('button', { name: HOME_TEXT.connectToSite })).toBeVisible();
  await page.getByRole('button', { name: COMPANY_LABELS.changeCompany }).click();
  await page
    .getByRole('table', { name: 'Companies' })
    .getByRole('row', { name: NORTHWAY.companyName })
    .click();

  const rows = page.getByRole('table', { name: 'Stores' }).getByRole('row');
  await expect(rows).toHaveCount(NORTHWAY.stores.length + 1);
  for (const store of NORTHWAY.stores) {
    const row = storeRow(page, store.storeName);
    await expect(row.getByRole('img', { name: 'online' })).toBeVisible();
    await expect(row).toContainText(`v ${store.versions.tentacle}`);
  }
  // Sorted by store id.
  await expect(rows.nth(1)).toContainText(NORTHWAY.stores[0]!.storeName);
});

test('a store taken offline turns offline on Home and cannot be opened', async ({ page }) => {
  const store = NORTHWAY.stores.at(-1)!;
  // The live store deltas the portal receives over its socket (issue 30: an admin who sees all
  // companies gets the changed stores, not a "look again").
  let pushes = 0;
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes(LIVE_STATUS.storesChangedEvent)) pushes++;
    }),
  );
  await openCompany(page, NORTHWAY.companyName);
  const row = storeRow(page, store.storeName);
  await expect(row.getByRole('img', { name: 'online' })).toBeVisible();
  try {
    const pushesBefore = pushes;
    await setStoreOnline(NORTHWAY.companyId, store.storeId, false);
    // The closed socket makes the store offline at once, and the backend pushes it as a delta.
    await expect.poll(() => pushes).toBeGreaterThan(pushesBefore);
    await expect(row.getByRole('img', { name: 'offline' })).toBeVisible({ timeout: 30_000 });
    await expect(row).not.toContainText(`v ${store.versions.tentacle}`);
    await row.click();
    await expect(page.getByRole('alert')).toContainText(HOME_TEXT.cannotConnect('offline'));

    await page.getByLabel(HOME_TEXT.hideOfflineStores).check();
    await expect(row).toBeHidden();
    await expect(storeRow(page, NORTHWAY.stores[0]!.storeName)).toBeVisible();
    await page.getByLabel(HOME_TEXT.hideOfflineStores).uncheck();
  } finally {
    await setStoreOnline(NORTHWAY.companyId, store.storeId, true);
  }
  // The store reconnects and Home shows it online again.
  await expect(row.getByRole('img', { name: 'online' })).toBeVisible({ timeout: 30_000 });
});
