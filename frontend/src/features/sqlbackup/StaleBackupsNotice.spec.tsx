import {
  SQL_BACKUP_API,
  sqlBackupStaleNotice,
  type StoredSqlBackupInstallation,
  USER_TYPE,
} from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { StaleBackupsNotice } from './StaleBackupsNotice';

const installation = (Id: string, stale: boolean): StoredSqlBackupInstallation => ({
  Id,
  Name: Id,
  Status: 'ACTIVE',
  Version: '1',
  Jobs: [],
  CompanyId: 101,
  StoreId: 1,
  ReportedAt: '2026-11-20T10:00:00.000Z',
  stale,
  ...(stale ? { staleReason: 'backupOverdue' as const } : {}),
});

function cloud(data: StoredSqlBackupInstallation[]) {
  const fetch = vi.fn(async (url: string) =>
    url.split('?')[0] === SQL_BACKUP_API.installations
      ? new Response(JSON.stringify({ IsSuccess: true, Data: data }), { status: 200 })
      : new Response('{}', { status: 404 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('StaleBackupsNotice', () => {
  it('shows an administrator how many installations are stale, with a link to the dashboard', async () => {
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.SUPPORT_ADMIN }));
    cloud([installation('a', true), installation('b', true), installation('c', false)]);
    renderWithProviders(<StaleBackupsNotice />);
    expect(await screen.findByText(sqlBackupStaleNotice(2), { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/sqlbackup');
  });

  it('shows nothing when none is stale', async () => {
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN }));
    const asked = cloud([installation('c', false)]);
    renderWithProviders(<StaleBackupsNotice />);
    await vi.waitFor(() => expect(asked).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('stale-sqlbackups')).not.toBeInTheDocument();
  });

  it('never asks for a user who may not see the SQL backups', async () => {
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.BASIC }));
    const never = cloud([installation('a', true)]);
    renderWithProviders(<StaleBackupsNotice />);
    await new Promise((r) => setTimeout(r, 50));
    expect(never).not.toHaveBeenCalled();
    expect(screen.queryByTestId('stale-sqlbackups')).not.toBeInTheDocument();
  });
});
