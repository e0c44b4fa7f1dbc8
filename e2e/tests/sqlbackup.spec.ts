/**
 * The SQL backup status screen (media spec §2) on what a simulated store reports: a store with a
 * failed installation of its own shows under the Failed count, and its details open as JSON.
 */
import { expect, test } from '@playwright/test';
import {
  DEMO_FLEET,
  MENU_LABELS,
  SIMULATOR_API,
  SQL_BACKUP_LABELS,
  SQL_BACKUP_OUTCOME_LABEL,
  SQL_BACKUP_STALE_LABEL,
  SQL_BACKUP_STALE_REASON_TEXT,
  SQL_BACKUP_TEXT,
  type SqlBackupInstallation,
  simulatedSqlBackupSchema,
  sqlBackupStaleNotice,
} from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { chooseMenuEntry, logIn, menuEntry } from './support/portal-page';

const COMPANY = DEMO_FLEET.companies.find((c) => c.companyId === 303)!;
const STORE = COMPANY.stores[0]!;
const url = `${E2E.simulatorUrl}${SIMULATOR_API.storeSqlBackup(COMPANY.companyId, STORE.storeId)}`;

async function storeInstallations(): Promise<SqlBackupInstallation[]> {
  const response = await fetch(url);
  expect(response.ok).toBe(true);
  return simulatedSqlBackupSchema.parse(await response.json()).installations;
}

async function reportInstallations(installations: SqlBackupInstallation[]) {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ installations }),
  });
  expect(response.ok).toBe(true);
}

test('the dashboard filters by failed and opens an installation as JSON', async ({ page }) => {
  const name = `Backup ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const failed: SqlBackupInstallation = {
    Id: `e2e-${Date.now()}`,
    Name: name,
    Status: 'ACTIVE',
    Version: '9.9.9',
    Jobs: [
      {
        Id: 'nightly',
        Name: 'Nightly full backup',
        LastRun: {
          Status: 'FAILED',
          StartedAt: '2026-03-04T01:00:00.000Z',
          FinishedAt: '2026-03-04T01:05:00.000Z',
        },
      },
    ],
  };
  const before = await storeInstallations();
  await reportInstallations([...before, failed]);
  try {
    await logIn(page, E2E.admin.username, E2E.admin.password);
    await menuEntry(page, MENU_LABELS.sqlbackup).click();
    await expect(page.getByRole('heading', { name: SQL_BACKUP_TEXT.title })).toBeVisible();
    const table = page.getByRole('table', { name: SQL_BACKUP_LABELS.installations });
    await expect(table.getByRole('row').filter({ hasText: name })).toBeVisible();

    const filters = page.getByRole('group', { name: SQL_BACKUP_LABELS.filter });
    await filters
      .getByRole('button', { name: new RegExp(`^${SQL_BACKUP_OUTCOME_LABEL.failed} \\(\\d+\\)$`) })
      .click();
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      await expect(rows.nth(i).getByRole('cell').last()).toHaveText(
        SQL_BACKUP_OUTCOME_LABEL.failed,
      );
    }
    const row = rows.filter({ hasText: name });
    await expect(row).toContainText(STORE.storeName);
    await row.click();

    const dialog = page.getByRole('dialog', { name: SQL_BACKUP_LABELS.details(name) });
    await expect(dialog).toBeVisible();
    const shown = JSON.parse((await dialog.locator('pre').textContent()) ?? '') as Record<
      string,
      unknown
    >;
    expect(shown).toMatchObject({
      ...failed,
      CompanyId: COMPANY.companyId,
      StoreId: STORE.storeId,
    });
    await dialog.getByRole('button', { name: SQL_BACKUP_LABELS.close }).last().click();
    await expect(dialog).toBeHidden();
  } finally {
    await reportInstallations(before);
  }
});

test('the Stale button filters to installations without a recent backup; Status marks them', async ({
  page,
}) => {
  const name = `Stale backup ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const longAgo = new Date(Date.now() - 72 * 3_600_000);
  const stale: SqlBackupInstallation = {
    Id: `e2e-stale-${Date.now()}`,
    Name: name,
    Status: 'ACTIVE',
    Version: '9.9.9',
    Jobs: [
      {
        Id: 'nightly',
        Name: 'Nightly full backup',
        LastRun: {
          Status: 'SUCCESS',
          StartedAt: longAgo.toISOString(),
          FinishedAt: new Date(longAgo.getTime() + 600_000).toISOString(),
        },
      },
    ],
  };
  const before = await storeInstallations();
  await reportInstallations([...before, stale]);
  try {
    await logIn(page, E2E.admin.username, E2E.admin.password);
    await menuEntry(page, MENU_LABELS.sqlbackup).click();
    const table = page.getByRole('table', { name: SQL_BACKUP_LABELS.installations });
    await expect(table.getByRole('row').filter({ hasText: name })).toBeVisible();

    const filters = page.getByRole('group', { name: SQL_BACKUP_LABELS.filter });
    const staleButton = filters.getByRole('button', {
      name: new RegExp(`^${SQL_BACKUP_STALE_LABEL} \\((\\d+)\\)$`),
    });
    const count = Number(/\((\d+)\)/.exec((await staleButton.textContent()) ?? '')![1]);
    expect(count).toBeGreaterThan(0);
    await staleButton.click();
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(count);
    for (let i = 0; i < count; i++)
      await expect(rows.nth(i).getByText(SQL_BACKUP_STALE_LABEL, { exact: true })).toBeVisible();
    const row = rows.filter({ hasText: name });
    await expect(row).toContainText(STORE.storeName);
    // A successful installation, only overdue.
    await expect(row.getByRole('cell').last()).toHaveText(SQL_BACKUP_OUTCOME_LABEL.successful);
    await expect(row.getByText(SQL_BACKUP_STALE_LABEL, { exact: true })).toHaveAttribute(
      'title',
      SQL_BACKUP_STALE_REASON_TEXT.backupOverdue,
    );

    await chooseMenuEntry(page, MENU_LABELS.status);
    await expect(page.getByTestId('stale-sqlbackups')).toContainText(sqlBackupStaleNotice(count));
  } finally {
    await reportInstallations(before);
  }
});
