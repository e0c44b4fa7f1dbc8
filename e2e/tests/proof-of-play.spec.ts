/**
 * Proof of play (issue 32 item 1) end to end: a schedule puts a file on Prairie Petroleum's one
 * store, the simulator's reference player (on in the stack) plays it and reports the plays, and
 * an admin sees them on the Proof of Play screen per file and per store, and exports them.
 * The store is taken offline and back once so it fetches its media at once (every spec runs
 * alone: workers 1).
 */
import { expect, test } from '@playwright/test';
import {
  DEMO_FLEET,
  MEDIA_PORTAL_API,
  mediaFolderNameOf,
  MENU_LABELS,
  PROOF_OF_PLAY_API,
  PROOF_OF_PLAY_TEXT,
  proofOfPlayRollupSchema,
  scheduleListSchema,
  SIMULATOR_API,
  simulatedMediaSchema,
} from '@store-cloud/contracts';
import { adminApi } from './support/admin-api';
import { E2E } from './support/e2e-env';
import { setStoreOnline } from './support/fleet';
import { mediaApi, SMALL_PNG } from './support/media-api';
import { chooseMenuEntry, logIn } from './support/portal-page';

const PRAIRIE = DEMO_FLEET.companies.find((c) => c.companyId === 303)!;
const STORE = PRAIRIE.stores[0]!;
const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.afterEach(async () => {
  await setStoreOnline(PRAIRIE.companyId, STORE.storeId, true);
});

test('an admin sees what a store’s screen played, per file and per store, and exports it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const tag = `pop${stamp % 100_000}`;
  const file = `played-${stamp}.png`;
  const admin = await adminApi(request);
  const media = mediaApi(admin);
  const folder = mediaFolderNameOf(PRAIRIE.companyName, PRAIRIE.companyId);
  // The folder may be there from an earlier try.
  await media.configure(PRAIRIE.companyId, PRAIRIE.companyName).catch(() => folder);
  await media.addTagFolder(PRAIRIE.companyId, tag);
  await media.saveStoreTags(PRAIRIE.companyId, STORE.storeId, [tag]);
  await media.uploadPending(folder, file, SMALL_PNG);
  const now = Date.now();
  const schedule = await media.addSchedule({
    companyId: PRAIRIE.companyId,
    destination: tag,
    files: [file],
    startDate: new Date(now + 2_000).toISOString(),
    endDate: new Date(now + 3600_000).toISOString(),
  });
  await expect
    .poll(
      async () =>
        (
          await admin.call(
            'GET',
            `${E2E.backendUrl}${MEDIA_PORTAL_API.schedules}?status=ALL&mediafolder=${folder}`,
            scheduleListSchema,
          )
        ).find((s) => s._id === schedule._id)?.status,
      { timeout: 60_000 },
    )
    .toBe('ACTIVE');

  // Back from offline, the store fetches its media at once and its screen starts playing.
  await setStoreOnline(PRAIRIE.companyId, STORE.storeId, false);
  await setStoreOnline(PRAIRIE.companyId, STORE.storeId, true);
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `${E2E.simulatorUrl}${SIMULATOR_API.storeMedia(PRAIRIE.companyId, STORE.storeId)}`,
        );
        return simulatedMediaSchema.parse(await res.json()).media?.files.map((f) => f.filename);
      },
      { timeout: 30_000 },
    )
    .toContain(file);
  const query = `companyId=${PRAIRIE.companyId}&from=${day(-1)}&to=${day(1)}&dimension=file`;
  await expect
    .poll(
      async () =>
        (
          await admin.call(
            'GET',
            `${E2E.backendUrl}${PROOF_OF_PLAY_API.rollup}?${query}`,
            proofOfPlayRollupSchema,
          )
        ).rows.find((r) => r.label === file)?.plays ?? 0,
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0);

  await logIn(page, E2E.admin.username, E2E.admin.password);
  await chooseMenuEntry(page, MENU_LABELS.proofOfPlay);
  await expect(page.getByRole('heading', { name: PROOF_OF_PLAY_TEXT.title })).toBeVisible();
  await page
    .getByLabel(PROOF_OF_PLAY_TEXT.company, { exact: true })
    .selectOption(String(PRAIRIE.companyId));
  await page.getByLabel(PROOF_OF_PLAY_TEXT.tag, { exact: true }).selectOption(tag);
  const table = page.getByRole('table', { name: PROOF_OF_PLAY_TEXT.table });
  await expect(table.getByRole('row').filter({ hasText: file })).toBeVisible();
  await expect(page.getByRole('figure', { name: PROOF_OF_PLAY_TEXT.chart })).toContainText(file);

  await page.getByLabel(PROOF_OF_PLAY_TEXT.dimension, { exact: true }).selectOption('store');
  await expect(table.getByRole('row').filter({ hasText: STORE.storeName })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: PROOF_OF_PLAY_TEXT.exportCsv }).click();
  const csv = await (await download).createReadStream();
  let text = '';
  for await (const chunk of csv) text += String(chunk);
  expect(text.split('\r\n')[0]).toBe('Store,key,plays,playSeconds');
  expect(text).toContain(`,${STORE.storeId},`);
});
