/**
 * The Store Tags view's schedule preview (issue 17 point 3) through the real backend and media
 * server: pick a moment, see the files the store shows then, and its schedules of the next
 * 14 days with the overlapping ones marked.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  MEDIA_ADMIN_LABELS,
  MEDIA_LABELS,
  MEDIA_PREVIEW_LABELS,
  MENU_LABELS,
  PREVIEW_TIMELINE_DAYS,
} from '@store-cloud/contracts';
import { adminApi } from './support/admin-api';
import { E2E } from './support/e2e-env';
import { connectCompany, disconnectCompany, insertCloudCompany } from './support/fleet';
import { mediaApi, SMALL_PNG } from './support/media-api';
import { logIn, menuEntry } from './support/portal-page';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A datetime-local input's yyyy-MM-ddTHH:mm in the browser's (this machine's) time zone. */
const inputDate = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

const stamp = Date.now();
const companyName = `E2E Preview ${stamp}`;
const tag = `preview${stamp % 100_000}`;
const files = ['morning.png', 'overlap.png', 'later.png'];
let companyId: number;

/** What the set-up made, undone in reverse order by the clean-up (also after a failed set-up). */
const undo: (() => Promise<unknown>)[] = [];
let disposeRequest: (() => Promise<void>) | undefined;

/**
 * A company configured for media with one store on the tag, three files in pending and three
 * pending schedules: two that overlap tomorrow, one later. Made through the platform's APIs as
 * the admin, with the calls the Companies and media screens make.
 */
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  disposeRequest = () => request.dispose();
  ({ companyId } = await insertCloudCompany(companyName, ['Harbour']));
  const admin = await adminApi(request);
  const media = mediaApi(admin);

  await connectCompany(admin, { companyId, companyName });
  undo.push(() => disconnectCompany(admin, companyId));
  const folder = await media.configure(companyId, companyName);
  await media.addTagFolder(companyId, tag);
  undo.push(() => media.removeTagFolder(companyId, tag));
  await media.saveStoreTags(companyId, 1, [tag]);
  for (const file of files) {
    await media.uploadPending(folder, file, SMALL_PNG);
    undo.push(() => media.deletePending(folder, [file]));
  }
  const schedule = async (from: number, to: number, file: string) => {
    const { _id } = await media.addSchedule({
      companyId,
      destination: tag,
      startDate: new Date(stamp + from).toISOString(),
      endDate: new Date(stamp + to).toISOString(),
      files: [file],
    });
    undo.push(() => media.deleteSchedule(_id));
  };
  await schedule(DAY, 2 * DAY, 'morning.png');
  await schedule(1.5 * DAY, 3 * DAY, 'overlap.png');
  await schedule(5 * DAY, 6 * DAY, 'later.png');
});

/**
 * The schedules, the files, the tag folder and the company's connection go as the portal removes
 * them. The company folder and the master data stay: no API removes them.
 */
test.afterAll(async () => {
  const failures: unknown[] = [];
  // Every step is tried, so one refusal does not leave the rest behind.
  for (const step of undo.reverse()) await step().catch((e: unknown) => failures.push(e));
  await disposeRequest?.();
  if (failures.length) throw new AggregateError(failures, 'clean-up failed');
});

const previewOf = (page: Page) => page.getByRole('region', { name: MEDIA_PREVIEW_LABELS.title });

test('the Store Tags preview shows the files at a chosen time and the overlapping schedules', async ({
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

  const preview = previewOf(page);
  // Now: nothing in the tag yet.
  await expect(preview.getByText(MEDIA_PREVIEW_LABELS.noFiles)).toBeVisible();
  const timeline = preview.getByRole('table', {
    name: MEDIA_PREVIEW_LABELS.timeline(PREVIEW_TIMELINE_DAYS),
  });
  const row = (file: string) =>
    timeline.getByRole('row').filter({ has: page.getByRole('cell', { name: file, exact: true }) });
  await expect(row('morning.png')).toContainText(`${MEDIA_PREVIEW_LABELS.overlaps}: overlap.png`);
  await expect(row('overlap.png')).toContainText(`${MEDIA_PREVIEW_LABELS.overlaps}: morning.png`);
  await expect(row('later.png')).toBeVisible();
  await expect(row('later.png')).not.toContainText(MEDIA_PREVIEW_LABELS.overlaps);

  // Where the two overlap, both show; later, only the last one's.
  const picker = preview.getByLabel(MEDIA_PREVIEW_LABELS.at);
  await picker.fill(inputDate(new Date(stamp + 1.75 * DAY)));
  await expect(preview.getByRole('status')).toHaveText(MEDIA_PREVIEW_LABELS.files(2));
  await expect(preview.getByText(`${tag}/morning.png`)).toBeVisible();
  await expect(preview.getByText(`${tag}/overlap.png`)).toBeVisible();
  await picker.fill(inputDate(new Date(stamp + 5.5 * DAY)));
  await expect(preview.getByRole('status')).toHaveText(MEDIA_PREVIEW_LABELS.files(1));
  await expect(preview.getByText(`${tag}/later.png`)).toBeVisible();
});
