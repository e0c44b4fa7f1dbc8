/**
 * The message screen (media spec §2 Message screen, §4 send states) through the real backend and
 * the simulated fleet: a prompt to the stores of one pole sign brand.
 */
import { expect, test } from '@playwright/test';
import {
  DEMO_FLEET,
  MENU_LABELS,
  MESSAGING_LABELS,
  MESSAGING_TEXT,
  SEND_STATE,
  SIMULATOR_API,
  simulatedMessengerSchema,
} from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { logIn, menuEntry } from './support/portal-page';

const BRAND = 'BP';
const BRAND_STORES = DEMO_FLEET.companies.flatMap((company) =>
  company.stores
    .filter((store) => store.poleSignBrand === BRAND)
    .map((store) => ({ ...store, companyId: company.companyId, companyName: company.companyName })),
);

async function messengerHistory(companyId: number, storeId: number) {
  const response = await fetch(
    `${E2E.simulatorUrl}${SIMULATOR_API.storeMessenger(companyId, storeId)}`,
  );
  expect(response.ok).toBe(true);
  return simulatedMessengerSchema.parse(await response.json()).history;
}

test('a prompt to the stores chosen by pole sign reaches both', async ({ page }) => {
  expect(BRAND_STORES).toHaveLength(2);
  const content = `Prompt ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

  await logIn(page, E2E.admin.username, E2E.admin.password);
  await menuEntry(page, MENU_LABELS.message).click();
  await expect(page.getByRole('heading', { name: MESSAGING_TEXT.title })).toBeVisible();

  await page.getByRole('tab', { name: MESSAGING_TEXT.tabByPolesign }).click();
  const grid = page.getByRole('group', { name: MESSAGING_LABELS.polesigns });
  await grid.getByRole('button', { name: BRAND, exact: true }).click();
  const targets = page.getByRole('complementary', { name: MESSAGING_LABELS.targetSites });
  await expect(targets).toContainText(`${MESSAGING_LABELS.targetSites} (${BRAND_STORES.length})`);
  for (const store of BRAND_STORES)
    await expect(targets).toContainText(`${store.companyName} - ${store.storeName}`);

  await page.getByRole('tab', { name: MESSAGING_TEXT.tabCreateMessage }).click();
  // The type buttons are labelled radios; the label is what a user clicks.
  await page.getByText('Prompt', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Prompt' })).toBeChecked();
  await page.getByLabel(MESSAGING_LABELS.content).fill(content);
  await page.getByRole('button', { name: MESSAGING_LABELS.prepareMessage }).click();

  await page.getByRole('button', { name: MESSAGING_TEXT.sendMessage }).click();
  const results = page.getByRole('table', { name: MESSAGING_LABELS.result });
  for (const store of BRAND_STORES) {
    await expect(results.getByRole('row').filter({ hasText: store.storeName })).toContainText(
      SEND_STATE.sent,
      { timeout: 30_000 },
    );
  }
  await expect(
    page.getByText(MESSAGING_LABELS.progress(BRAND_STORES.length, BRAND_STORES.length)),
  ).toBeVisible();

  // Each store's messenger holds the prompt.
  for (const store of BRAND_STORES) {
    const history = await messengerHistory(store.companyId, store.storeId);
    const received = history.find((entry) => entry.message.payload.content === content);
    expect(received?.message.type).toBe('Prompt');
  }
});
