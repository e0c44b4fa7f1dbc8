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
  mediaFolderNameOf,
  MENU_LABELS,
  PREVIEW_TIMELINE_DAYS,
} from '@store-cloud/contracts';
import { MongoClient } from 'mongodb';
import { E2E } from './support/e2e-env';
import { insertCloudCompany } from './support/fleet';
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
let companyId: number;

/**
 * A company configured for media with one store on the tag and three pending schedules: two
 * that overlap tomorrow, one later. Written to the database as the media screens would leave it.
 */
test.beforeAll(async () => {
  ({ companyId } = await insertCloudCompany(companyName, ['Harbour']));
  const folder = mediaFolderNameOf(companyName, companyId);
  const client = await MongoClient.connect(E2E.mongoUri);
  try {
    const db = client.db();
    await db.collection('integrationcompanies').insertOne({
      companyId,
      companyName,
      stores: [{ storeId: 1, storeName: 'Harbour', isActive: true, tags: [tag] }],
      mediaFileLimit: 20,
      tagLimit: 10,
      mediaFolderName: folder,
      tagsList: [tag],
    });
    const schedule = (from: number, to: number, file: string) => ({
      companyId,
      companyName,
      mediaFolderName: folder,
      destination: tag,
      startDate: new Date(stamp + from),
      endDate: new Date(stamp + to),
      createdDate: new Date(stamp),
      author: E2E.admin.username,
      files: [file],
      status: 'READY',
    });
    await db
      .collection('schedules')
      .insertMany([
        schedule(DAY, 2 * DAY, 'morning.png'),
        schedule(1.5 * DAY, 3 * DAY, 'overlap.png'),
        schedule(5 * DAY, 6 * DAY, 'later.png'),
      ]);
  } finally {
    await client.close();
  }
});

test.afterAll(async () => {
  const client = await MongoClient.connect(E2E.mongoUri);
  try {
    await client.db().collection('schedules').deleteMany({ companyId });
  } finally {
    await client.close();
  }
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
