import { expect, type Page, test } from '@playwright/test';
import {
  BACKUP_FORMAT,
  BACKUP_MODAL_TEXT,
  BACKUP_TEXT,
  BACKUP_TOAST,
  BACKUP_VIEW_TEXT,
  MENU_LABELS,
  ROUTES,
  VALIDATION,
} from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { chooseMenuEntry, logIn } from './support/portal-page';

/** dd/MM/yyyy hh:mm (spec §9). */
const BACKUP_DATE = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;

const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByText(text, { exact: true });

test('a SUPER-ADMIN adds a server, backs it up, views, restores and deletes the backup', async ({
  page,
}) => {
  // A backup job reads and a restore rewrites the whole stack database: allow for both.
  test.setTimeout(120_000);
  const server = `e2e-server-${Date.now()}`;

  await logIn(page, E2E.admin.username, E2E.admin.password);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.home}$`));
  await chooseMenuEntry(page, MENU_LABELS.backup);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.backup}$`));
  await expect(page.getByRole('tab', { name: BACKUP_TEXT.servers })).toBeVisible();

  // Add Server: the URL starts with https://; the stack's own backend speaks http, so edit it.
  await page.getByRole('button', { name: BACKUP_TEXT.addNewServer }).click();
  const add = page.getByRole('dialog', { name: BACKUP_MODAL_TEXT.addServer });
  const url = add.getByLabel(BACKUP_MODAL_TEXT.serverUrl);
  await expect(url).toHaveValue('https://');
  await add.getByRole('button', { name: BACKUP_MODAL_TEXT.add }).click();
  await expect(add.getByText(VALIDATION.serverNameRequired)).toBeVisible();
  await expect(add.getByText(VALIDATION.serverUrlRequired)).toBeVisible();
  await add.getByLabel(BACKUP_MODAL_TEXT.serverName).fill(server);
  await url.fill(E2E.backendUrl);
  await add.getByRole('button', { name: BACKUP_MODAL_TEXT.add }).click();
  await expect(toast(page, BACKUP_TOAST.server.addSuccess(server))).toBeVisible();
  await expect(add).toBeHidden();
  const serverRow = page.getByTestId('backup-server-row').filter({ hasText: server });
  await expect(serverRow).toContainText(E2E.backendUrl);

  // Run a backup: progress while the job runs, then the stored toast and the backup's row.
  await serverRow.getByRole('button', { name: `${BACKUP_MODAL_TEXT.runBackup} ${server}` }).click();
  await expect(toast(page, BACKUP_TOAST.backup.storeSuccess(server))).toBeVisible();
  await expect(page.getByRole('tab', { name: BACKUP_TEXT.serverBackups })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const backupRow = page.getByTestId('backup-row').filter({ hasText: server });
  await expect(backupRow).toHaveCount(1);
  await expect(backupRow).toContainText(BACKUP_DATE);

  // View: a summary of the collections, the backup as formatted JSON below it, closed with OK.
  await backupRow.getByRole('button', { name: new RegExp(`^${BACKUP_MODAL_TEXT.view} `) }).click();
  const view = page.getByRole('dialog', { name: new RegExp(BACKUP_MODAL_TEXT.viewBackup) });
  const collections = view.getByRole('table', { name: BACKUP_VIEW_TEXT.collections });
  await expect(collections.getByRole('row').filter({ hasText: /^users\d/ })).toBeVisible();
  await expect(view.getByTestId('backup-json')).toContainText(`"format": "${BACKUP_FORMAT}"`);
  await expect(view.getByTestId('backup-json')).toContainText(
    `"username": "${E2E.admin.username}"`,
  );
  // Password hashes never reach the browser, not even in a backup's view.
  await expect(view.getByTestId('backup-json')).not.toContainText('$2b$');
  await view.getByRole('button', { name: BACKUP_MODAL_TEXT.ok }).click();
  await expect(view).toBeHidden();

  // Restore: a server must be chosen, then the warning must be confirmed.
  await backupRow
    .getByRole('button', { name: new RegExp(`^${BACKUP_MODAL_TEXT.restore} `) })
    .click();
  const restore = page.getByRole('dialog', { name: new RegExp(BACKUP_MODAL_TEXT.restoreBackup) });
  await restore.getByRole('button', { name: BACKUP_MODAL_TEXT.proceed }).click();
  await expect(restore.getByText(VALIDATION.restoreServerRequired)).toBeVisible();
  await restore.getByLabel(BACKUP_TEXT.selectServer).selectOption(server);
  await restore.getByRole('button', { name: BACKUP_MODAL_TEXT.proceed }).click();
  const confirm = page.getByRole('dialog', { name: BACKUP_MODAL_TEXT.confirmRestore });
  await expect(confirm).toContainText(BACKUP_MODAL_TEXT.confirmRestoreWarning(server));
  await expect(confirm).toContainText(BACKUP_DATE);
  await confirm.getByRole('button', { name: BACKUP_MODAL_TEXT.yes }).click();
  await expect(toast(page, BACKUP_TOAST.backup.restoreSuccess(server))).toBeVisible();
  // The restored database still knows this session's user: the screen keeps working.
  await expect(backupRow).toHaveCount(1);

  // Delete the backup, then the server, each after its question.
  await backupRow
    .getByRole('button', { name: new RegExp(`^${BACKUP_MODAL_TEXT.delete} `) })
    .click();
  const deleteBackup = page.getByRole('dialog', { name: BACKUP_MODAL_TEXT.deleteBackup });
  await deleteBackup.getByRole('button', { name: BACKUP_MODAL_TEXT.yes }).click();
  await expect(backupRow).toHaveCount(0);

  await page.getByRole('tab', { name: BACKUP_TEXT.servers }).click();
  await serverRow.getByRole('button', { name: `${BACKUP_MODAL_TEXT.delete} ${server}` }).click();
  const deleteServer = page.getByRole('dialog', { name: BACKUP_MODAL_TEXT.deleteServer });
  await expect(deleteServer).toContainText(BACKUP_TEXT.confirmDeleteServer(server));
  await deleteServer.getByRole('button', { name: BACKUP_MODAL_TEXT.yes }).click();
  await expect(toast(page, BACKUP_TOAST.server.deleteSuccess(server))).toBeVisible();
  await expect(serverRow).toHaveCount(0);
});
