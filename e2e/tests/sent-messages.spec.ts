/**
 * The Sent Messages tab of the message screen (issue 17 point 2) through the real backend and
 * the simulated fleet: a send to an offline store shows Failed, and "Resend to failed sites",
 * once confirmed, reaches it once it is back; the send cannot be resent again.
 */
import { expect, test } from '@playwright/test';
import {
  COMPANY_API,
  DELIVERY_STATE,
  DEMO_FLEET,
  MENU_LABELS,
  MESSAGE_DELIVERY_LABELS,
  MESSAGING_LABELS,
  MESSAGING_TEXT,
  SEND_STATE,
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

test('the Sent Messages tab shows each site’s outcome live and resends to the failed one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const content = `Delivery ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await setStoreOnline(COMPANY.companyId, OFFLINE.storeId, false);
  await expect
    .poll(() => statusOf(OFFLINE.storeId), { timeout: 30_000 })
    .toBe(STORE_STATUS.offline);

  await logIn(page, E2E.admin.username, E2E.admin.password);
  await menuEntry(page, MENU_LABELS.message).click();
  await page.getByRole('tab', { name: MESSAGING_TEXT.tabByCompany }).click();
  await page
    .getByRole('table', { name: MESSAGING_LABELS.companies })
    .getByRole('row')
    .filter({ hasText: COMPANY.companyName })
    .click();
  await page.getByRole('tab', { name: MESSAGING_TEXT.tabCreateMessage }).click();
  await page.getByLabel(MESSAGING_LABELS.content).fill(content);
  await page.getByRole('button', { name: MESSAGING_LABELS.prepareMessage }).click();
  await page.getByRole('button', { name: MESSAGING_TEXT.sendMessage }).click();
  await expect(page.getByText(MESSAGING_LABELS.progress(2, 2))).toBeVisible({ timeout: 30_000 });
  const results = page.getByRole('table', { name: MESSAGING_LABELS.result });
  await expect(results.getByRole('row').filter({ hasText: OFFLINE.storeName })).toContainText(
    SEND_STATE.offline,
  );

  await page.getByRole('tab', { name: MESSAGE_DELIVERY_LABELS.tab }).click();
  const deliveries = page.getByRole('table', { name: MESSAGE_DELIVERY_LABELS.deliveries });
  const sent = deliveries.getByRole('row').filter({ hasText: content }).first();
  await expect(sent).toContainText(`${DELIVERY_STATE.sent}: 1, ${DELIVERY_STATE.failed}: 1`);
  await sent.getByRole('button', { name: content }).click();
  const details = page.getByRole('table', { name: MESSAGE_DELIVERY_LABELS.details });
  await expect(details.getByRole('row').filter({ hasText: ONLINE.storeName })).toContainText(
    DELIVERY_STATE.sent,
  );
  await expect(details.getByRole('row').filter({ hasText: OFFLINE.storeName })).toContainText(
    SEND_STATE.offline,
  );

  // The store returns; the resend goes to it alone, and the new send appears without a reload.
  await setStoreOnline(COMPANY.companyId, OFFLINE.storeId, true);
  await expect
    .poll(() => statusOf(OFFLINE.storeId), { timeout: 30_000 })
    .not.toBe(STORE_STATUS.offline);
  await page.getByRole('button', { name: MESSAGE_DELIVERY_LABELS.resendToFailed }).click();
  const confirm = page.getByRole('dialog', { name: MESSAGE_DELIVERY_LABELS.confirmResendTitle });
  await expect(confirm).toContainText(MESSAGE_DELIVERY_LABELS.confirmResend(1));
  await confirm.getByRole('button', { name: MESSAGE_DELIVERY_LABELS.confirm }).click();
  const resend = deliveries
    .getByRole('row')
    .filter({ hasText: content })
    .filter({ hasText: MESSAGE_DELIVERY_LABELS.resendOf });
  await expect(resend).toContainText(`${DELIVERY_STATE.sent}: 1`, { timeout: 30_000 });
  await expect(resend).not.toContainText(DELIVERY_STATE.failed);
  expect((await received(OFFLINE.storeId)).filter((c) => c === content)).toHaveLength(1);
  expect((await received(ONLINE.storeId)).filter((c) => c === content)).toHaveLength(1);
  // One action per send (issue 24): once resent, its button says so and stays disabled.
  await expect(page.getByRole('button', { name: MESSAGE_DELIVERY_LABELS.resent })).toBeDisabled();
});
