/**
 * Screens seen from the portal (issue 32 item 3): on the store page an admin asks the simulated
 * store for a screenshot of its screen and sees it with the time it was taken; an offline store
 * is said to be offline, and the screenshot it had stays. Uses Northway's fourth store, which no
 * other spec connects to or takes offline. The Store Tags preview has the same panel (a company
 * of the spec's own, whose store is offline).
 */
import { expect, type Page, test } from '@playwright/test';
import {
  API,
  DATE_FORMAT_STATUS,
  DEFAULT_SCREEN,
  DEMO_FLEET,
  HOME_TEXT,
  ROUTES,
  MEDIA_ADMIN_LABELS,
  MEDIA_LABELS,
  MEDIA_PREVIEW_LABELS,
  MENU_LABELS,
  SCREENSHOT_TEXT,
  STORE_STATUS,
  storeStatusSchema,
} from '@store-cloud/contracts';
import { adminApi } from './support/admin-api';
import { E2E } from './support/e2e-env';
import {
  connectCompany,
  disconnectCompany,
  insertCloudCompany,
  setStoreOnline,
} from './support/fleet';
import { mediaApi } from './support/media-api';
import { logIn, menuEntry } from './support/portal-page';

const NORTHWAY = DEMO_FLEET.companies.find((c) => c.companyId === 101)!;
const STORE = NORTHWAY.stores[3]!;

const storeRow = (page: Page) =>
  page.getByRole('table', { name: 'Stores' }).getByRole('row').filter({ hasText: STORE.storeName });

/** dd/MM/yyyy HH:mm:ss (DATE_FORMAT_STATUS) as a pattern: the exact second is the store's. */
const TAKEN_AT = new RegExp(
  `^${SCREENSHOT_TEXT.takenAt('')}${DATE_FORMAT_STATUS.replace(/[dMyHms]/g, '\\d')}$`,
);

async function openStore(page: Page) {
  await logIn(page, E2E.admin.username, E2E.admin.password);
  await page
    .getByRole('table', { name: 'Companies' })
    .getByRole('row', { name: NORTHWAY.companyName })
    .click();
  await expect(
    page.getByRole('heading', { name: HOME_TEXT.selectStoreFor(NORTHWAY.companyName) }),
  ).toBeVisible();
  await expect(storeRow(page).getByRole('img', { name: 'online' })).toBeVisible({
    timeout: 30_000,
  });
  await storeRow(page).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.store}$`));
}

test.afterEach(async () => {
  await setStoreOnline(NORTHWAY.companyId, STORE.storeId, true);
});

const stamp = Date.now();
const companyName = `E2E Screens ${stamp}`;
/** What the preview test's set-up made, undone in reverse order (also after a failed set-up). */
const undo: (() => Promise<unknown>)[] = [];
let disposeRequest: (() => Promise<void>) | undefined;
let previewCompanyId: number;

/** A company of its own, set up for media, whose one store no simulator runs (offline). */
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  disposeRequest = () => request.dispose();
  ({ companyId: previewCompanyId } = await insertCloudCompany(companyName, ['Harbour']));
  const admin = await adminApi(request);
  await connectCompany(admin, { companyId: previewCompanyId, companyName });
  undo.push(() => disconnectCompany(admin, previewCompanyId));
  await mediaApi(admin).configure(previewCompanyId, companyName);
});

test.afterAll(async () => {
  const failures: unknown[] = [];
  for (const step of undo.reverse()) await step().catch((e: unknown) => failures.push(e));
  await disposeRequest?.();
  if (failures.length) throw new AggregateError(failures, 'clean-up failed');
});

test('an admin takes a screenshot of a store’s screen and sees it with its time', async ({
  page,
}) => {
  await openStore(page);
  const panel = page.getByRole('region', { name: SCREENSHOT_TEXT.title });
  await expect(
    panel.getByRole('heading', { name: `${SCREENSHOT_TEXT.title} ${DEFAULT_SCREEN}` }),
  ).toBeVisible();
  // A first attempt on a fresh stack has none yet (a retry finds the first attempt's).
  if (test.info().retry === 0) await expect(panel.getByText(SCREENSHOT_TEXT.none)).toBeVisible();

  await panel.getByRole('button', { name: SCREENSHOT_TEXT.take }).click();
  await expect(page.getByText(SCREENSHOT_TEXT.taken)).toBeVisible();
  const image = panel.getByRole('img', { name: SCREENSHOT_TEXT.alt(DEFAULT_SCREEN) });
  await expect(image).toBeVisible();
  // The picture the store drew, decoded by the browser.
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(960);
  await expect(panel.getByText(TAKEN_AT)).toBeVisible();
  // The store has no active media: its screen shows nothing.
  await expect(panel.getByText(SCREENSHOT_TEXT.showingNothing)).toBeVisible();
  const firstTime = await panel.getByText(TAKEN_AT).textContent();

  // Seen again after a reload: the latest is kept by the cloud.
  await page.reload();
  await expect(panel.getByText(firstTime!)).toBeVisible();
  await expect(image).toBeVisible();

  // The store goes offline: the portal says so, and the screenshot it had stays.
  await setStoreOnline(NORTHWAY.companyId, STORE.storeId, false);
  await expect
    .poll(async () => {
      const res = await fetch(
        `${E2E.backendUrl}${API.storeStatus}?c=${NORTHWAY.companyId}&s=${STORE.storeId}`,
      );
      return storeStatusSchema.parse(await res.json()).status;
    })
    .toBe(STORE_STATUS.offline);
  await panel.getByRole('button', { name: SCREENSHOT_TEXT.take }).click();
  await expect(page.getByText(SCREENSHOT_TEXT.offline)).toBeVisible();
  await expect(panel.getByText(firstTime!)).toBeVisible();
});

test('the media preview shows the store’s screen too, and says when the store is offline', async ({
  page,
}) => {
  await logIn(page, E2E.admin.username, E2E.admin.password);
  await menuEntry(page, MENU_LABELS.media).first().click();
  await page.getByRole('searchbox', { name: MEDIA_LABELS.searchCompanies }).fill(companyName);
  await page.getByTestId('media-company-row').filter({ hasText: companyName }).click();
  await page
    .getByRole('group', { name: MEDIA_LABELS.mediaSections })
    .getByText(MEDIA_LABELS.storeTags, { exact: true })
    .click();
  await page
    .getByRole('region', { name: MEDIA_ADMIN_LABELS.stores })
    .getByRole('button', { name: 'Harbour' })
    .click();

  const panel = page
    .getByRole('region', { name: MEDIA_PREVIEW_LABELS.title })
    .getByRole('region', { name: SCREENSHOT_TEXT.title });
  await expect(panel.getByText(SCREENSHOT_TEXT.none)).toBeVisible();
  await panel.getByRole('button', { name: SCREENSHOT_TEXT.take }).click();
  await expect(page.getByText(SCREENSHOT_TEXT.offline)).toBeVisible();
  await expect(panel.getByText(SCREENSHOT_TEXT.none)).toBeVisible();
});
