/**
 * Dayparting (issue 32 item 2) through the real portal, backend and media server: a repeating
 * schedule made in the Create Schedule form, its windows in the Store Tags preview's timeline,
 * and an overlapping one on the same tag refused with the contract's message.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  DAYPART_TEXT,
  MEDIA_ADMIN_LABELS,
  MEDIA_LABELS,
  MEDIA_PREVIEW_LABELS,
  MEDIA_TOAST_TEXT,
  MENU_LABELS,
  MEDIA_PORTAL_API,
  PREVIEW_TIMELINE_DAYS,
  scheduleListSchema,
} from '@store-cloud/contracts';
import { adminApi, type AdminApi } from './support/admin-api';
import { E2E } from './support/e2e-env';
import { connectCompany, disconnectCompany, insertCloudCompany } from './support/fleet';
import { mediaApi, type MediaApi, SMALL_PNG } from './support/media-api';
import { logIn, menuEntry } from './support/portal-page';

const DAY = 24 * 3600_000;
const p = (n: number) => String(n).padStart(2, '0');
/** A datetime-local input's yyyy-MM-ddTHH:mm: the browser runs in UTC, as the stores do here. */
const inputDate = (d: Date) =>
  `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
/** 00:00 UTC of the day after the test began: the schedules run a week from then. */
const tomorrow = new Date(Math.floor(Date.now() / DAY) * DAY + DAY);

// The stores name no time zone in master data, so their repeats run in UTC (the default).
test.use({ timezoneId: 'UTC' });

const stamp = Date.now();
const companyName = `E2E Daypart ${stamp}`;
const tag = `daypart${stamp % 100_000}`;
const files = ['breakfast.png', 'brunch.png'];
let companyId: number;
let folder: string;
let media: MediaApi;
let admin: AdminApi;

const undo: (() => Promise<unknown>)[] = [];
let disposeRequest: (() => Promise<void>) | undefined;

/** A company configured for media with store Harbour on one tag and two files in pending. */
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  disposeRequest = () => request.dispose();
  ({ companyId } = await insertCloudCompany(companyName, ['Harbour']));
  admin = await adminApi(request);
  media = mediaApi(admin);
  await connectCompany(admin, { companyId, companyName });
  undo.push(() => disconnectCompany(admin, companyId));
  folder = await media.configure(companyId, companyName);
  await media.addTagFolder(companyId, tag);
  undo.push(() => media.removeTagFolder(companyId, tag));
  // The schedules the test made go before their tag folder can.
  undo.push(async () => {
    for (const s of await schedules()) await media.deleteSchedule(s._id);
  });
  await media.saveStoreTags(companyId, 1, [tag]);
  for (const file of files) {
    await media.uploadPending(folder, file, SMALL_PNG);
    undo.push(() => media.deletePending(folder, [file]));
  }
});

test.afterAll(async () => {
  const failures: unknown[] = [];
  for (const step of undo.reverse()) await step().catch((e: unknown) => failures.push(e));
  await disposeRequest?.();
  if (failures.length) throw new AggregateError(failures, 'clean-up failed');
});

/** Every schedule of the company's folder, as the Schedules tab lists them. */
const schedules = () =>
  admin.call(
    'GET',
    `${E2E.backendUrl}${MEDIA_PORTAL_API.schedules}?${new URLSearchParams({ status: 'ALL', mediafolder: folder })}`,
    scheduleListSchema,
  );

const section = (page: Page, label: string) =>
  page.getByRole('group', { name: MEDIA_LABELS.mediaSections }).getByText(label, { exact: true });

/** Create Schedule for one pending file: the tag, a week from tomorrow, and a repeat. */
async function createRepeating(
  page: Page,
  file: string,
  repeat: { days: string[]; start: string; end: string },
) {
  await section(page, MEDIA_LABELS.pendingMedia).click();
  await page.getByRole('checkbox', { name: MEDIA_LABELS.selectFile(file), exact: true }).check();
  await page.getByRole('button', { name: MEDIA_LABELS.createSchedule }).click();
  const create = page.getByRole('dialog', { name: MEDIA_LABELS.createScheduleTitle });
  await create.getByLabel(MEDIA_LABELS.destination).selectOption(tag);
  await create.getByLabel(MEDIA_LABELS.start).fill(inputDate(tomorrow));
  await create.getByLabel(MEDIA_LABELS.end).fill(inputDate(new Date(tomorrow.getTime() + 7 * DAY)));
  await create.getByLabel(DAYPART_TEXT.repeat).check();
  await expect(create.getByText(DAYPART_TEXT.legend)).toBeVisible();
  for (const day of repeat.days) await create.getByLabel(day, { exact: true }).check();
  await create.getByLabel(DAYPART_TEXT.startTime).fill(repeat.start);
  await create.getByLabel(DAYPART_TEXT.endTime).fill(repeat.end);
  await create.getByRole('button', { name: MEDIA_LABELS.save, exact: true }).click();
  return create;
}

test('a repeating schedule shows each window in the preview; an overlapping one is refused', async ({
  page,
}) => {
  await logIn(page, E2E.admin.username, E2E.admin.password);
  await menuEntry(page, MENU_LABELS.media).first().click();
  await page.getByRole('searchbox', { name: MEDIA_LABELS.searchCompanies }).fill(companyName);
  await page.getByTestId('media-company-row').filter({ hasText: companyName }).click();

  const create = await createRepeating(page, 'breakfast.png', {
    days: ['Mon', 'Wed', 'Fri'],
    start: '06:00',
    end: '10:00',
  });
  await expect(page.getByText(MEDIA_LABELS.scheduleSaved).first()).toBeVisible();
  await expect(create).toBeHidden();

  // Its windows on the same tag overlap Wednesday's: refused, with the reason, and nothing saved.
  const refused = await createRepeating(page, 'brunch.png', {
    days: ['Wed'],
    start: '09:00',
    end: '11:00',
  });
  await expect(
    page
      .getByText(
        `${MEDIA_TOAST_TEXT.saveScheduleFailed}: ${DAYPART_TEXT.overlap(tag, 'Mon, Wed, Fri 06:00–10:00 UTC')}`,
      )
      .first(),
  ).toBeVisible();
  await refused.getByRole('button', { name: MEDIA_LABELS.cancel }).click();

  // The Schedules tab names the repeat under the destination.
  await section(page, MEDIA_LABELS.schedules).click();
  await expect(
    page.getByText(`Mon, Wed, Fri 06:00–10:00 ${DAYPART_TEXT.inZone('UTC')}`),
  ).toBeVisible();

  // The Store Tags preview: the schedule's weekdays, times, zone and its three windows of the week.
  await section(page, MEDIA_LABELS.storeTags).click();
  await page
    .getByRole('region', { name: MEDIA_ADMIN_LABELS.stores })
    .getByRole('button', { name: 'Harbour' })
    .click();
  const preview = page.getByRole('region', { name: MEDIA_PREVIEW_LABELS.title });
  const timeline = preview.getByRole('table', {
    name: MEDIA_PREVIEW_LABELS.timeline(PREVIEW_TIMELINE_DAYS),
  });
  const row = timeline
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'breakfast.png', exact: true }) });
  await expect(row).toContainText(`Mon, Wed, Fri 06:00–10:00 ${DAYPART_TEXT.inZone('UTC')}`);
  const windows = row.getByRole('list', { name: `${MEDIA_PREVIEW_LABELS.windows} breakfast.png` });
  await expect(windows.getByRole('listitem')).toHaveCount(3);
  await expect(timeline.getByRole('cell', { name: 'brunch.png', exact: true })).toHaveCount(0);

  // Inside a window the store shows the file; outside it, nothing.
  const nextMonday = new Date(tomorrow.getTime() + ((8 - tomorrow.getUTCDay()) % 7) * DAY);
  const picker = preview.getByLabel(MEDIA_PREVIEW_LABELS.at);
  await picker.fill(inputDate(new Date(nextMonday.getTime() + 7 * 3600_000)));
  await expect(preview.getByRole('status')).toHaveText(MEDIA_PREVIEW_LABELS.files(1));
  await expect(preview.getByText(`${tag}/breakfast.png`)).toBeVisible();
  await picker.fill(inputDate(new Date(nextMonday.getTime() + 11 * 3600_000)));
  await expect(preview.getByRole('status')).toHaveText(MEDIA_PREVIEW_LABELS.files(0));

  expect((await schedules()).map((s) => s.files)).toEqual([['breakfast.png']]);
});
