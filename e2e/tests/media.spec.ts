import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  COMPANIES_TEXT,
  COMPANY_LABELS,
  MEDIA_ADMIN_LABELS,
  MEDIA_LABELS,
  MEDIA_SERVER_TEXT,
  MEDIA_TOAST_TEXT,
  MEDIA_VALIDATION_TEXT,
  mediaFolderNameOf,
  MENU_LABELS,
  ROUTES,
  SCHEDULE_STATUS_LABEL,
  TOAST,
} from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { insertCloudCompany } from './support/fleet';
import { SMALL_PNG } from './support/media-api';
import { chooseMenuEntry, logIn, menuEntry } from './support/portal-page';

// A small JPEG beside the PNG, fixed bytes (8x6 px, made once with sharp).
const JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAKpX/9k=',
  'base64',
);

/** A schedule input's yyyy-MM-ddTHH:mm in the browser's (this machine's) time zone. */
const inputDate = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

const section = (page: Page, label: string) =>
  page.getByRole('group', { name: MEDIA_LABELS.mediaSections }).getByText(label, { exact: true });
const fileBox = (page: Page, file: string) =>
  page.getByRole('checkbox', { name: MEDIA_LABELS.selectFile(file), exact: true });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test('an admin configures a company for media, uploads, schedules, pushes, expires, moves back and deletes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const companyName = `E2E Media ${stamp}`;
  const { companyId } = await insertCloudCompany(companyName, ['Harbour']);
  const tag = `promo${stamp % 100_000}`;
  const scheduled = `scheduled-${stamp}.png`;
  const pushed = `pushed-${stamp}.jpg`;

  await logIn(page, E2E.admin.username, E2E.admin.password);
  // The company joins the platform (Companies screen), as an admin would do first.
  await chooseMenuEntry(page, MENU_LABELS.companies);
  await page.getByRole('searchbox', { name: COMPANY_LABELS.search }).fill(companyName);
  await page
    .getByRole('list', { name: COMPANIES_TEXT.available })
    .getByText(`${companyId} - ${companyName}`)
    .click();
  await page.getByRole('button', { name: COMPANY_LABELS.save, exact: true }).click();
  await expect(page.getByText(TOAST.saveCompanies.success)).toBeVisible();

  await menuEntry(page, MENU_LABELS.media).first().click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.media}$`));
  await page.getByRole('searchbox', { name: MEDIA_LABELS.searchCompanies }).fill(companyName);
  await page.getByTestId('media-company-row').filter({ hasText: companyName }).click();
  await expect(page.getByTestId('media-company')).toHaveText(
    MEDIA_LABELS.companyHeading(companyName, companyId),
  );
  await expect(page.getByText(MEDIA_VALIDATION_TEXT.companyNotConfigured)).toBeVisible();

  // Administration: configure the company and add a tag folder.
  await page.getByRole('tab', { name: MEDIA_LABELS.administrationTab }).click();
  await page.getByRole('button', { name: MEDIA_ADMIN_LABELS.configureForMediaServer }).click();
  const configure = page.getByRole('dialog', { name: MEDIA_ADMIN_LABELS.configureTitle });
  await configure.getByRole('button', { name: MEDIA_ADMIN_LABELS.configure, exact: true }).click();
  const folder = mediaFolderNameOf(companyName, companyId);
  await expect(toast(page, MEDIA_ADMIN_LABELS.mediaFolderCreated(folder))).toBeVisible();
  await page.getByRole('button', { name: MEDIA_ADMIN_LABELS.addMediaTagFolder }).click();
  const addTag = page.getByRole('dialog', { name: MEDIA_ADMIN_LABELS.addTagTitle });
  await addTag.getByLabel(MEDIA_ADMIN_LABELS.newTagName).fill(tag);
  await addTag.getByRole('button', { name: MEDIA_ADMIN_LABELS.addTag, exact: true }).click();
  await expect(toast(page, MEDIA_ADMIN_LABELS.tagFolderAdded(tag))).toBeVisible();

  // Management: upload two images.
  await page.getByRole('tab', { name: MEDIA_LABELS.managementTab }).click();
  await expect(page.getByText(MEDIA_LABELS.noPendingMedia)).toBeVisible();
  await page.getByLabel(MEDIA_LABELS.uploadMedia).setInputFiles([
    { name: scheduled, mimeType: 'image/png', buffer: SMALL_PNG },
    { name: pushed, mimeType: 'image/jpeg', buffer: JPEG },
  ]);
  // Several files: one toast with the summary.
  await expect(toast(page, MEDIA_LABELS.uploadSummary(2, 2))).toBeVisible();
  await expect(page.getByRole('dialog', { name: MEDIA_LABELS.uploadTitle })).toBeHidden();
  // A refusal shows the media server's reason after the spec's text.
  await page
    .getByLabel(MEDIA_LABELS.uploadMedia)
    .setInputFiles([{ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png') }]);
  await expect(
    toast(
      page,
      `${MEDIA_TOAST_TEXT.uploadFailed('fake.png')}: ${MEDIA_SERVER_TEXT.contentMismatch('fake.png')}`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: MEDIA_LABELS.uploadTitle })).toBeHidden();
  await expect(fileBox(page, scheduled)).toBeVisible();
  await expect(fileBox(page, pushed)).toBeVisible();
  await expect(page.getByTestId('media-file-count')).toHaveText('2');

  // Thumbnails and the preview load with the token; previous/next walk the list (by name).
  const shown = (img: Locator) =>
    expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  await shown(
    page.getByRole('button', { name: MEDIA_LABELS.previewFile(scheduled) }).locator('img'),
  );
  await page.getByRole('button', { name: MEDIA_LABELS.previewFile(pushed) }).click();
  const preview = page.getByRole('dialog', { name: MEDIA_LABELS.previewTitle });
  await shown(preview.getByRole('img', { name: pushed }));
  await expect(preview.getByRole('button', { name: MEDIA_LABELS.previous })).toBeDisabled();
  await preview.getByRole('button', { name: MEDIA_LABELS.next }).click();
  await shown(preview.getByRole('img', { name: scheduled }));
  await expect(preview.getByRole('button', { name: MEDIA_LABELS.next })).toBeDisabled();
  await preview.getByRole('button', { name: MEDIA_LABELS.close }).click();
  await expect(preview).toBeHidden();

  // Schedule one from now to an hour later.
  await fileBox(page, scheduled).check();
  await page.getByRole('button', { name: MEDIA_LABELS.createSchedule }).click();
  const create = page.getByRole('dialog', { name: MEDIA_LABELS.createScheduleTitle });
  await create.getByLabel(MEDIA_LABELS.destination).selectOption(tag);
  await create.getByLabel(MEDIA_LABELS.end).fill(inputDate(new Date(Date.now() + 3_600_000)));
  await create.getByRole('button', { name: MEDIA_LABELS.save, exact: true }).click();
  await expect(toast(page, MEDIA_LABELS.scheduleSaved)).toBeVisible();
  await expect(create).toBeHidden();

  // Push the other at once.
  await fileBox(page, pushed).check();
  await page.getByRole('button', { name: MEDIA_LABELS.updateMediaNow }).click();
  const update = page.getByRole('dialog', { name: MEDIA_LABELS.updateMediaTitle });
  await update.getByLabel(MEDIA_LABELS.destination).selectOption(tag);
  await update.getByRole('button', { name: MEDIA_LABELS.update, exact: true }).click();
  await expect(toast(page, MEDIA_LABELS.mediaUpdated(tag))).toBeVisible();

  // Both are live in the tag folder once the schedule has started.
  await section(page, MEDIA_LABELS.activeMedia).click();
  const rows = page.getByTestId('active-media-row');
  await expect(rows.filter({ hasText: scheduled })).toBeVisible();
  await expect(rows.filter({ hasText: pushed })).toBeVisible();
  await expect(rows.filter({ hasText: scheduled })).toContainText(tag);

  await fileBox(page, scheduled).check();
  await fileBox(page, pushed).check();
  await page.getByRole('button', { name: MEDIA_LABELS.expireSelectedFiles }).click();
  await page
    .getByRole('dialog', { name: MEDIA_LABELS.expireFilesTitle })
    .getByRole('button', { name: MEDIA_LABELS.expire })
    .click();
  await expect(toast(page, MEDIA_TOAST_TEXT.filesExpired)).toBeVisible();
  await expect(page.getByText(MEDIA_LABELS.noActiveMedia)).toBeVisible();

  // Expired, then back to pending.
  await section(page, MEDIA_LABELS.expiredMedia).click();
  await expect(fileBox(page, scheduled)).toBeVisible();
  await page.getByLabel(MEDIA_LABELS.selectAll).check();
  await page.getByRole('button', { name: MEDIA_LABELS.moveSelectedFilesToPending }).click();
  await page
    .getByRole('dialog', { name: MEDIA_LABELS.moveFilesTitle })
    .getByRole('button', { name: MEDIA_LABELS.move })
    .click();
  await expect(toast(page, MEDIA_LABELS.filesMoved)).toBeVisible();
  await expect(page.getByText(MEDIA_LABELS.noExpiredMedia)).toBeVisible();

  // The started schedule still holds its file: it cannot be selected until the schedule goes.
  await section(page, MEDIA_LABELS.pendingMedia).click();
  await expect(fileBox(page, pushed)).toBeEnabled();
  await expect(fileBox(page, scheduled)).toBeDisabled();
  await section(page, MEDIA_LABELS.schedules).click();
  const schedule = page.getByTestId('schedule-row');
  await expect(schedule).toHaveCount(1);
  await expect(schedule).toContainText(SCHEDULE_STATUS_LABEL.ACTIVE);
  await schedule.click();
  const edit = page.getByRole('dialog', { name: MEDIA_LABELS.editScheduleTitle });
  await edit.getByRole('button', { name: MEDIA_LABELS.deleteSchedule }).click();
  // Deleting a started schedule says what happens to its files.
  const confirmDelete = page.getByRole('dialog', { name: MEDIA_LABELS.deleteScheduleTitle });
  await expect(confirmDelete).toContainText(MEDIA_LABELS.deleteScheduleConsequence.ACTIVE);
  await confirmDelete.getByRole('button', { name: MEDIA_LABELS.delete }).click();
  await expect(toast(page, MEDIA_LABELS.scheduleDeleted)).toBeVisible();
  await expect(page.getByText(MEDIA_VALIDATION_TEXT.noSchedulesFound)).toBeVisible();

  await section(page, MEDIA_LABELS.pendingMedia).click();
  await expect(fileBox(page, scheduled)).toBeEnabled();
  await page.getByLabel(MEDIA_LABELS.selectAll).check();
  await page.getByRole('button', { name: MEDIA_LABELS.deleteSelectedFiles }).click();
  await page
    .getByRole('dialog', { name: MEDIA_LABELS.deleteFilesTitle })
    .getByRole('button', { name: MEDIA_LABELS.delete })
    .click();
  await expect(toast(page, MEDIA_TOAST_TEXT.filesDeleted(companyName))).toBeVisible();
  await expect(page.getByText(MEDIA_LABELS.noPendingMedia)).toBeVisible();
  await expect(page.getByTestId('media-file-count')).toHaveText('0');

  // Administration: the tag folder goes from the media server, the company and its stores.
  await page.getByRole('tab', { name: MEDIA_LABELS.administrationTab }).click();
  await page.getByRole('button', { name: MEDIA_ADMIN_LABELS.removeTagFolder(tag) }).click();
  const removeTag = page.getByRole('dialog', { name: MEDIA_ADMIN_LABELS.removeTagFolderTitle });
  await expect(removeTag).toContainText(
    MEDIA_ADMIN_LABELS.removeTagFolderConfirm(tag, companyName, 0),
  );
  await removeTag.getByRole('button', { name: MEDIA_ADMIN_LABELS.remove }).click();
  await expect(toast(page, MEDIA_ADMIN_LABELS.tagFolderRemoved(tag))).toBeVisible();
  await expect(toast(page, MEDIA_TOAST_TEXT.tagRemovedFromStores)).toBeVisible();
  await expect(toast(page, MEDIA_TOAST_TEXT.tagFolderRemovedFromServer)).toBeVisible();
  await expect(
    page.getByRole('list', { name: MEDIA_ADMIN_LABELS.tagFolders }).getByText(tag),
  ).toHaveCount(0);
  await expect(page.getByText(MEDIA_ADMIN_LABELS.noTagFolders)).toBeVisible();
});
