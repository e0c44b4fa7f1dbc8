/**
 * The backup screen's own behaviour: empty texts, form rules, the two restore steps. The network
 * path is Playwright's (e2e/tests/backup-servers.spec.ts); here fetch answers as the backend does.
 */
import {
  APP,
  BACKUP_API,
  BACKUP_MODAL_TEXT,
  BACKUP_STAGE,
  BACKUP_TOAST,
  BACKUP_TEXT,
  BACKUP_VIEW_TEXT,
  type BackupServer,
  type BackupSummary,
  DATE_FORMAT_BACKUP,
  ROUTES,
  USER_TYPE,
  VALIDATION,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/AppRoutes';
import { STORAGE_KEY } from '../../auth/session-storage';
import de from '../../i18n/de/backups';
import { initI18n } from '../../i18n/i18n';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';

const SERVER: BackupServer = { name: 'Main', url: 'https://main.example.com' };
const BACKUP: BackupSummary = {
  _id: '0123456789abcdef01234567',
  name: 'Main',
  url: SERVER.url,
  time: '2026-11-20T15:04:00.000Z',
};

/** Answers the two lists and the paths in `other`; records every call. */
function backend(
  servers: BackupServer[],
  backups: BackupSummary[],
  other: Record<string, unknown> = {},
) {
  const calls: { method: string; path: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://portal').pathname;
      const method = init?.method ?? 'GET';
      calls.push({ method, path });
      const lists: Record<string, unknown> = {
        [BACKUP_API.servers]: servers,
        [BACKUP_API.backups]: backups,
      };
      const body = lists[path] ?? other[path] ?? {};
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.setItem(
    STORAGE_KEY.token,
    makeToken({ usertype: USER_TYPE.SUPER_ADMIN, applications: [APP.dbBackup] }),
  );
});
describe('BackupPage', () => {
  it('shows the empty texts of both tabs', async () => {
    backend([], []);
    renderWithProviders(<AppRoutes />, ROUTES.backup);
    expect(await screen.findByText(BACKUP_TEXT.noServers)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: BACKUP_TEXT.serverBackups }));
    expect(await screen.findByText(BACKUP_TEXT.noBackups)).toBeInTheDocument();
  });

  it('starts a new server URL with https:// and checks name and URL before any call', async () => {
    const calls = backend([SERVER], []);
    renderWithProviders(<AppRoutes />, ROUTES.backup);
    await userEvent.click(await screen.findByRole('button', { name: BACKUP_TEXT.addNewServer }));
    const dialog = screen.getByRole('dialog', { name: BACKUP_MODAL_TEXT.addServer });
    const url = within(dialog).getByLabelText(BACKUP_MODAL_TEXT.serverUrl);
    expect(url).toHaveValue('https://');
    await userEvent.click(within(dialog).getByRole('button', { name: BACKUP_MODAL_TEXT.add }));
    expect(await within(dialog).findByText(VALIDATION.serverNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(VALIDATION.serverUrlRequired)).toBeInTheDocument();
    // The name is taken whatever its case.
    await userEvent.type(within(dialog).getByLabelText(BACKUP_MODAL_TEXT.serverName), 'mAIN');
    await userEvent.type(url, 'other.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: BACKUP_MODAL_TEXT.add }));
    expect(await within(dialog).findByText(VALIDATION.serverNameInUse)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('lets an edited server keep its own name', async () => {
    const calls = backend([SERVER], []);
    renderWithProviders(<AppRoutes />, ROUTES.backup);
    await userEvent.click(
      await screen.findByRole('button', { name: `${BACKUP_MODAL_TEXT.edit} ${SERVER.name}` }),
    );
    const dialog = screen.getByRole('dialog', { name: BACKUP_MODAL_TEXT.editServer });
    expect(within(dialog).getByLabelText(BACKUP_MODAL_TEXT.serverUrl)).toHaveValue(SERVER.url);
    await userEvent.click(within(dialog).getByRole('button', { name: BACKUP_MODAL_TEXT.save }));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({ method: 'PATCH', path: BACKUP_API.updateServer }),
    );
  });

  it('lists a backup with its date and restores only after a server and a confirmation', async () => {
    const calls = backend([SERVER], [BACKUP]);
    renderWithProviders(<AppRoutes />, ROUTES.backup);
    await userEvent.click(await screen.findByRole('tab', { name: BACKUP_TEXT.serverBackups }));
    const row = await screen.findByTestId('backup-row');
    expect(row).toHaveTextContent(format(new Date(BACKUP.time), DATE_FORMAT_BACKUP));

    await userEvent.click(
      within(row).getByRole('button', { name: new RegExp(`^${BACKUP_MODAL_TEXT.restore} `) }),
    );
    const restore = screen.getByRole('dialog', {
      name: new RegExp(BACKUP_MODAL_TEXT.restoreBackup),
    });
    await userEvent.click(within(restore).getByRole('button', { name: BACKUP_MODAL_TEXT.proceed }));
    expect(within(restore).getByText(VALIDATION.restoreServerRequired)).toBeInTheDocument();
    await userEvent.selectOptions(within(restore).getByLabelText(BACKUP_TEXT.selectServer), 'Main');
    await userEvent.click(within(restore).getByRole('button', { name: BACKUP_MODAL_TEXT.proceed }));

    const confirm = screen.getByRole('dialog', { name: BACKUP_MODAL_TEXT.confirmRestore });
    expect(confirm).toHaveTextContent(BACKUP_MODAL_TEXT.confirmRestoreWarning('Main'));
    // Not a bare Yes/No: the question names the backup and when it was taken.
    const taken = format(new Date(BACKUP.time), DATE_FORMAT_BACKUP);
    expect(confirm).toHaveTextContent(BACKUP_VIEW_TEXT.restoring('Main', 'Main', taken));
    await userEvent.click(within(confirm).getByRole('button', { name: BACKUP_MODAL_TEXT.no }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('views a backup as a summary of its collections, with the JSON folded below', async () => {
    const data = {
      format: 'store-cloud-backup',
      version: 1,
      createdAt: '2026-11-20T15:03:58.000Z',
      collections: {
        users: {
          indexes: [{ name: 'username_1', key: { username: 1 } }],
          documents: [{ a: 1 }, { a: 2 }],
        },
        companies: { indexes: [], documents: [{ companyId: 101 }] },
      },
    };
    backend([SERVER], [BACKUP], { [BACKUP_API.backup]: { ...BACKUP, backup: data } });
    renderWithProviders(<AppRoutes />, ROUTES.backup);
    await userEvent.click(await screen.findByRole('tab', { name: BACKUP_TEXT.serverBackups }));
    const row = await screen.findByTestId('backup-row');
    await userEvent.click(
      within(row).getByRole('button', { name: new RegExp(`^${BACKUP_MODAL_TEXT.view} `) }),
    );
    const view = screen.getByRole('dialog', { name: new RegExp(BACKUP_MODAL_TEXT.viewBackup) });
    const table = await within(view).findByRole('table', { name: BACKUP_VIEW_TEXT.collections });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^companies10\d+ B$/),
      expect.stringMatching(/^users21\d+ B$/),
    ]);
    expect(view).toHaveTextContent(format(new Date(BACKUP.time), DATE_FORMAT_BACKUP));
    expect(within(view).getByText(BACKUP_VIEW_TEXT.showJson)).toBeInTheDocument();
    expect(within(view).getByTestId('backup-json')).not.toBeVisible();
  });

  it('shows a failed backup run until closed, without a store toast', async () => {
    const error = 'Could not reach https://main.example.com: ECONNREFUSED';
    backend([SERVER], [], {
      [BACKUP_API.runBackup]: { jobId: 'job-1' },
      [BACKUP_API.job]: {
        jobId: 'job-1',
        name: 'run-backup',
        serverName: SERVER.name,
        state: 'failed',
        progress: 10,
        stage: BACKUP_STAGE.reading(SERVER.name),
        error,
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithProviders(<AppRoutes />, ROUTES.backup);
    await userEvent.click(
      await screen.findByRole('button', { name: `${BACKUP_MODAL_TEXT.runBackup} ${SERVER.name}` }),
    );
    const alert = await screen.findByTestId('backup-job');
    expect(await within(alert).findByText(error)).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText(BACKUP_TOAST.backup.storeError(SERVER.name))).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: /close/i }));
    expect(screen.queryByTestId('backup-job')).not.toBeInTheDocument();
  });

  it('reads in German once chosen, a failure the backend reports too', async () => {
    initI18n('de');
    backend([SERVER], [], {
      [BACKUP_API.runBackup]: { jobId: 'job-1' },
      [BACKUP_API.job]: {
        jobId: 'job-1',
        name: 'run-backup',
        serverName: SERVER.name,
        state: 'failed',
        progress: 10,
        stage: BACKUP_STAGE.reading(SERVER.name),
        error: BACKUP_MODAL_TEXT.jobInterrupted,
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithProviders(<AppRoutes />, ROUTES.backup);
    expect(await screen.findByRole('tab', { name: de.page.serverBackups })).toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('button', { name: `${de.modal.runBackup} ${SERVER.name}` }),
    );
    const alert = await screen.findByTestId('backup-job');
    expect(await within(alert).findByText(de.modal.jobInterrupted)).toBeInTheDocument();
    expect(alert).toHaveTextContent('Main wird gesichert');
  });

  it('shows the stage the backend reports in German once chosen', async () => {
    initI18n('de');
    backend([SERVER], [], {
      [BACKUP_API.runBackup]: { jobId: 'job-1' },
      [BACKUP_API.job]: {
        jobId: 'job-1',
        name: 'run-backup',
        serverName: SERVER.name,
        state: 'active',
        progress: 10,
        stage: BACKUP_STAGE.reading(SERVER.name),
      },
    });
    renderWithProviders(<AppRoutes />, ROUTES.backup);
    await userEvent.click(
      await screen.findByRole('button', { name: `${de.modal.runBackup} ${SERVER.name}` }),
    );
    const alert = await screen.findByTestId('backup-job');
    expect(await within(alert).findByText('Die Datenbank von Main wird gelesen')).toBeVisible();
  });
});
