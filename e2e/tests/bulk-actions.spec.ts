/**
 * Bulk actions (issue 32 item 4) through the real backend and the simulated fleet: a saved
 * selection (by company) used as the message screen's targets, the send's result grid with a
 * store that was offline, filtered by state, exported as CSV, and "Retry failed only" reaching
 * that store alone once it is back.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  BULK_ACTIONS_TEXT,
  BULK_CSV_HEADER,
  BULK_STORE_STATE_LABEL,
  COMPANY_API,
  DEMO_FLEET,
  MENU_LABELS,
  MESSAGING_LABELS,
  MESSAGING_TEXT,
  SIMULATOR_API,
  simulatedMessengerSchema,
  STORE_STATUS,
  storeStatusSchema,
} from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { setStoreOnline } from './support/fleet';
import { logIn, menuEntry } from './support/portal-page';

const COMPANY = DEMO_FLEET.companies.find((c) => c.stores.length === 2)!;
const [ONLINE, OFFLINE] = COMPANY.stores as [
  (typeof COMPANY.stores)[number],
  (typeof COMPANY.stores)[number],
];

const statusOf = async (storeId: number) => {
  const url = `${E2E.backendUrl}${COMPANY_API.storeStatus}?c=${COMPANY.companyId}&s=${storeId}`;
  return storeStatusSchema.parse(await (await fetch(url)).json()).status;
};
const received = async (storeId: number) => {
  const url = `${E2E.simulatorUrl}${SIMULATOR_API.storeMessenger(COMPANY.companyId, storeId)}`;
  return simulatedMessengerSchema
    .parse(await (await fetch(url)).json())
    .history.map((entry) => entry.message.payload.content);
};

test.afterAll(async () => {
  await setStoreOnline(COMPANY.companyId, OFFLINE.storeId, true);
});

test('a saved selection is sent to, its result grid shows each store live, and only the failed store is retried', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const content = `Bulk ${run}`;
  const selectionName = `Sunrise ${run}`;
  await setStoreOnline(COMPANY.companyId, OFFLINE.storeId, false);
  await expect
    .poll(() => statusOf(OFFLINE.storeId), { timeout: 30_000 })
    .toBe(STORE_STATUS.offline);

  // Save a selection: every store of the company, online or not (resolved when used).
  await logIn(page, E2E.admin.username, E2E.admin.password);
  await menuEntry(page, MENU_LABELS.bulkActions).click();
  const form = page.getByRole('form', { name: BULK_ACTIONS_TEXT.saveSelection });
  await form.getByLabel(BULK_ACTIONS_TEXT.selectionName).fill(selectionName);
  await form.getByLabel(`${COMPANY.companyName} (${COMPANY.companyId})`).check();
  await form.getByRole('button', { name: BULK_ACTIONS_TEXT.saveSelection }).click();
  await expect(page.getByText(selectionName)).toBeVisible();

  // Use it as the message screen's targets and send.
  await menuEntry(page, MENU_LABELS.message).click();
  await page
    .getByRole('button', { name: `${BULK_ACTIONS_TEXT.useSelection} ${selectionName}` })
    .click();
  await expect(
    page.getByRole('heading', { name: `${MESSAGING_LABELS.targetSites} (2)` }),
  ).toBeVisible();
  await page.getByRole('tab', { name: MESSAGING_TEXT.tabCreateMessage }).click();
  await page.getByLabel(MESSAGING_LABELS.content).fill(content);
  await page.getByRole('button', { name: MESSAGING_LABELS.prepareMessage }).click();
  await page.getByRole('button', { name: MESSAGING_TEXT.sendMessage }).click();
  await expect(page.getByText(MESSAGING_LABELS.progress(2, 2))).toBeVisible({ timeout: 30_000 });

  // The grid: one store acknowledged, the offline one failed with its reason.
  await menuEntry(page, MENU_LABELS.bulkActions).click();
  await page
    .getByRole('table', { name: BULK_ACTIONS_TEXT.title })
    .getByRole('button', { name: content })
    .first()
    .click();
  const grid = page.getByRole('table', { name: BULK_ACTIONS_TEXT.stores });
  await expect(grid.getByRole('row').filter({ hasText: ONLINE.storeName })).toContainText(
    BULK_STORE_STATE_LABEL.acknowledged,
  );
  await expect(grid.getByRole('row').filter({ hasText: OFFLINE.storeName })).toContainText(
    BULK_STORE_STATE_LABEL.failed,
  );
  await page.getByRole('button', { name: `${BULK_STORE_STATE_LABEL.failed} (1)` }).click();
  await expect(grid.getByRole('row')).toHaveCount(2);
  await expect(grid).not.toContainText(ONLINE.storeName);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: BULK_ACTIONS_TEXT.exportCsv }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(BULK_CSV_HEADER.join(','));
  expect(csv).toContain(`,${OFFLINE.storeId},`);

  // The store returns; "Retry failed only" goes to it alone, and the retry's grid follows live.
  await setStoreOnline(COMPANY.companyId, OFFLINE.storeId, true);
  await expect
    .poll(() => statusOf(OFFLINE.storeId), { timeout: 30_000 })
    .not.toBe(STORE_STATUS.offline);
  await page.getByRole('button', { name: `${BULK_ACTIONS_TEXT.retryFailed} (1)` }).click();
  const confirm = page.getByRole('dialog', { name: BULK_ACTIONS_TEXT.retryFailed });
  await expect(confirm).toContainText(BULK_ACTIONS_TEXT.confirmRetry(1));
  await confirm.getByRole('button', { name: BULK_ACTIONS_TEXT.confirm }).click();
  await expect(page.getByRole('button', { name: BULK_ACTIONS_TEXT.retryOf })).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(2);
  await expect(grid.getByRole('row').filter({ hasText: OFFLINE.storeName })).toContainText(
    BULK_STORE_STATE_LABEL.acknowledged,
    { timeout: 30_000 },
  );
  expect((await received(OFFLINE.storeId)).filter((c) => c === content)).toHaveLength(1);
  expect((await received(ONLINE.storeId)).filter((c) => c === content)).toHaveLength(1);
});

test('the message page sends to a saved selection, resolved as it is sent, and opens its grid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const content = `To selection ${run}`;
  const selectionName = `Company ${run}`;
  await logIn(page, E2E.admin.username, E2E.admin.password);
  await menuEntry(page, MENU_LABELS.bulkActions).click();
  const form = page.getByRole('form', { name: BULK_ACTIONS_TEXT.saveSelection });
  await form.getByLabel(BULK_ACTIONS_TEXT.selectionName).fill(selectionName);
  await form.getByLabel(`${COMPANY.companyName} (${COMPANY.companyId})`).check();
  await form.getByRole('button', { name: BULK_ACTIONS_TEXT.saveSelection }).click();
  await expect(page.getByText(selectionName)).toBeVisible();

  // The message is composed as usual; the target is the saved selection, not chosen stores.
  await menuEntry(page, MENU_LABELS.message).click();
  await page.getByRole('tab', { name: MESSAGING_TEXT.tabCreateMessage }).click();
  await page.getByLabel(MESSAGING_LABELS.content).fill(content);
  const card = page.getByRole('region', { name: BULK_ACTIONS_TEXT.sendToSelection });
  await card.getByLabel(BULK_ACTIONS_TEXT.chooseSelection).selectOption({ label: selectionName });
  await card.getByRole('button', { name: BULK_ACTIONS_TEXT.sendMessage }).click();
  const confirm = page.getByRole('dialog', { name: BULK_ACTIONS_TEXT.sendToSelection });
  await expect(confirm).toContainText(
    BULK_ACTIONS_TEXT.confirmSend(selectionName, COMPANY.stores.length),
  );
  await confirm.getByRole('button', { name: BULK_ACTIONS_TEXT.send }).click();

  // The action's result grid: every store of the company, each reaching an outcome.
  const grid = page.getByRole('table', { name: BULK_ACTIONS_TEXT.stores });
  await expect(grid.getByRole('row')).toHaveCount(COMPANY.stores.length + 1);
  for (const s of COMPANY.stores)
    await expect(grid.getByRole('row').filter({ hasText: s.storeName })).toContainText(
      BULK_STORE_STATE_LABEL.acknowledged,
      { timeout: 30_000 },
    );
  expect((await received(ONLINE.storeId)).filter((c) => c === content)).toHaveLength(1);
});
