import {
  COMPANY_API,
  DATE_FORMAT_STATUS,
  SQL_BACKUP_API,
  SQL_BACKUP_LABELS,
  SQL_BACKUP_OUTCOME_LABEL,
  SQL_BACKUP_STALE_LABEL,
  SQL_BACKUP_STALE_REASON_TEXT,
  SQL_BACKUP_TEXT,
  TABLE_LABELS,
  type StoredSqlBackupInstallation,
  USER_TYPE,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { SqlBackupPage } from './SqlBackupPage';

const START = '2026-03-04T05:06:07.000Z';
const END = '2026-03-04T05:16:09.000Z';
const run = (Status: string) => ({ Status, StartedAt: START, FinishedAt: END });
const installation = (
  StoreId: number,
  Name: string,
  Status: string,
  Jobs: StoredSqlBackupInstallation['Jobs'],
): StoredSqlBackupInstallation => ({
  Id: `inst-${StoreId}`,
  Name,
  Status,
  Version: '1.2.3',
  Jobs,
  CompanyId: 101,
  StoreId,
  StoreName: `Store ${StoreId}`,
  ReportedAt: END,
  stale: false,
});

const DATA = [
  installation(1, 'Good', 'ACTIVE', [{ Id: 'j1', Name: 'Full', LastRun: run('SUCCESS') }]),
  installation(2, 'Bad one', 'ACTIVE', [
    { Id: 'j1', Name: 'Full', LastRun: run('SUCCESS') },
    { Id: 'j2', Name: 'Log', LastRun: run('FAILED') },
  ]),
  installation(3, 'Bad two', 'ACTIVE', [{ Id: 'j1', Name: 'Full', LastRun: run('ERROR') }]),
  installation(4, 'Never', 'ACTIVE', [{ Id: 'j1', Name: 'Full', LastRun: null }]),
  installation(5, 'Empty', 'ACTIVE', []),
  installation(6, 'Stopped', 'DISABLED', [{ Id: 'j1', Name: 'Full', LastRun: run('SUCCESS') }]),
  {
    ...installation(7, 'Silent', 'ACTIVE', [{ Id: 'j1', Name: 'Full', LastRun: run('SUCCESS') }]),
    stale: true,
    staleReason: 'reportOverdue',
  },
];

function cloud(answer: { status: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0]!;
      const reply = (body: unknown, code = 200) =>
        new Response(JSON.stringify(body), { status: code });
      if (path === SQL_BACKUP_API.installations) return reply(answer.body, answer.status);
      if (path === COMPANY_API.companiesForUser)
        return reply([{ companyId: 101, companyName: 'Northway Fuels', stores: [] }]);
      return reply({ code: 'NOT_FOUND', message: 'no' }, 404);
    }),
  );
}

const countButton = (key: keyof typeof SQL_BACKUP_OUTCOME_LABEL, count: number) =>
  screen.getByRole('button', {
    name: SQL_BACKUP_LABELS.countButton(SQL_BACKUP_OUTCOME_LABEL[key], count),
  });
const bodyRows = () =>
  within(screen.getByRole('table', { name: SQL_BACKUP_LABELS.installations }))
    .getAllByRole('row')
    .slice(1);

beforeEach(() =>
  localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN, all: true })),
);
describe('SqlBackupPage', () => {
  it('counts each outcome on its button and filters the table by it', async () => {
    cloud({ status: 200, body: { IsSuccess: true, Data: DATA } });
    renderWithProviders(<SqlBackupPage />);
    expect(await screen.findByRole('heading', { name: SQL_BACKUP_TEXT.title })).toBeInTheDocument();
    await screen.findByRole('table', { name: SQL_BACKUP_LABELS.installations });
    expect(bodyRows()).toHaveLength(7);
    countButton('successful', 2);
    // Not Run is never yellow text on white: dark amber on the button, dark text on its badge.
    expect(countButton('notRun', 1)).toHaveClass('text-warning-emphasis');
    expect(screen.getByText(SQL_BACKUP_OUTCOME_LABEL.notRun, { selector: '.badge' })).toHaveClass(
      'text-bg-warning',
    );
    countButton('noJobs', 1);
    countButton('inactive', 1);
    countButton('all', 7);

    await userEvent.click(countButton('failed', 2));
    const rows = bodyRows();
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Bad one',
      'Bad two',
    ]);
    expect(rows[0]).toHaveTextContent('Northway Fuels');
    expect(rows[0]).toHaveTextContent(format(new Date(START), DATE_FORMAT_STATUS));
    expect(rows[0]).toHaveTextContent(format(new Date(END), DATE_FORMAT_STATUS));
    expect(rows[0]).toHaveTextContent(SQL_BACKUP_OUTCOME_LABEL.failed);

    await userEvent.click(countButton('inactive', 1));
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Stopped');
  });

  it('counts the stale installations on their own button, filters by it and marks them', async () => {
    cloud({ status: 200, body: { IsSuccess: true, Data: DATA } });
    renderWithProviders(<SqlBackupPage />);
    await screen.findByRole('table', { name: SQL_BACKUP_LABELS.installations });
    expect(screen.getAllByText(SQL_BACKUP_STALE_LABEL, { selector: '.badge' })).toHaveLength(1);
    await userEvent.click(
      screen.getByRole('button', {
        name: SQL_BACKUP_LABELS.countButton(SQL_BACKUP_STALE_LABEL, 1),
      }),
    );
    const rows = bodyRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Silent');
    expect(within(rows[0]!).getByText(SQL_BACKUP_STALE_LABEL)).toHaveAttribute(
      'title',
      SQL_BACKUP_STALE_REASON_TEXT.reportOverdue,
    );
    // The outcome stays the spec's.
    expect(rows[0]).toHaveTextContent(SQL_BACKUP_OUTCOME_LABEL.successful);
  });

  it("shows the failed job's times for a Failed installation, not a later successful run", async () => {
    const later = {
      Status: 'SUCCESS',
      StartedAt: '2026-03-05T05:00:00.000Z',
      FinishedAt: '2026-03-05T05:10:00.000Z',
    };
    cloud({
      status: 200,
      body: {
        IsSuccess: true,
        Data: [
          installation(2, 'Bad one', 'ACTIVE', [
            { Id: 'j1', Name: 'Full', LastRun: run('FAILED') },
            { Id: 'j2', Name: 'Log', LastRun: later },
          ]),
        ],
      },
    });
    renderWithProviders(<SqlBackupPage />);
    await screen.findByRole('table', { name: SQL_BACKUP_LABELS.installations });
    const [row] = bodyRows();
    expect(row).toHaveTextContent(format(new Date(START), DATE_FORMAT_STATUS));
    expect(row).not.toHaveTextContent(format(new Date(later.StartedAt), DATE_FORMAT_STATUS));
  });

  it('shows no count while loading', async () => {
    cloud({ status: 200, body: { IsSuccess: true, Data: DATA } });
    renderWithProviders(<SqlBackupPage />);
    const all = screen.getByRole('button', {
      name: SQL_BACKUP_LABELS.countLoading(SQL_BACKUP_OUTCOME_LABEL.all),
    });
    expect(all).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('button', { name: /\(0\)/ })).toBeNull();
    expect(
      await screen.findByRole('button', {
        name: SQL_BACKUP_LABELS.countButton(SQL_BACKUP_OUTCOME_LABEL.all, 7),
      }),
    ).toBeVisible();
  });

  it('opens an installation as formatted JSON', async () => {
    cloud({ status: 200, body: { IsSuccess: true, Data: DATA } });
    renderWithProviders(<SqlBackupPage />);
    await screen.findByRole('table', { name: SQL_BACKUP_LABELS.installations });
    await userEvent.click(screen.getByText('Never'));
    const dialog = await screen.findByRole('dialog', { name: SQL_BACKUP_LABELS.details('Never') });
    expect(dialog.querySelector('pre')!.textContent).toBe(JSON.stringify(DATA[3], null, 2));
  });

  it('says No data found for an empty list and for an empty filter', async () => {
    cloud({ status: 200, body: { IsSuccess: true, Data: DATA.slice(0, 1) } });
    renderWithProviders(<SqlBackupPage />);
    await screen.findByRole('table', { name: SQL_BACKUP_LABELS.installations });
    await userEvent.click(countButton('failed', 0));
    expect(screen.getByText(SQL_BACKUP_TEXT.noData)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the failure text and toast when the call fails', async () => {
    cloud({ status: 500, body: { code: 'INTERNAL', message: 'boom' } });
    renderWithProviders(<SqlBackupPage />);
    expect(await screen.findByText(SQL_BACKUP_TEXT.loadFailed)).toBeInTheDocument();
    expect(await screen.findByText(SQL_BACKUP_TEXT.loadFailedToast)).toBeInTheDocument();
  });

  it('treats IsSuccess false as a failure', async () => {
    cloud({ status: 200, body: { IsSuccess: false, Data: [] } });
    renderWithProviders(<SqlBackupPage />);
    expect(await screen.findByText(SQL_BACKUP_TEXT.loadFailed)).toBeInTheDocument();
  });

  it('shows only name and result on a small screen', async () => {
    vi.stubGlobal('innerWidth', 500);
    cloud({ status: 200, body: { IsSuccess: true, Data: DATA.slice(0, 1) } });
    renderWithProviders(<SqlBackupPage />);
    const table = await screen.findByRole('table', { name: SQL_BACKUP_LABELS.installations });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([SQL_BACKUP_LABELS.name, SQL_BACKUP_LABELS.result]);
  });

  it('shows no times on a Not Run row, and sorts by a column from its header', async () => {
    const partly = installation(8, 'Partly', 'ACTIVE', [
      { Id: 'j1', Name: 'Full', LastRun: run('SUCCESS') },
      { Id: 'j2', Name: 'Log', LastRun: null },
    ]);
    cloud({ status: 200, body: { IsSuccess: true, Data: [...DATA.slice(0, 2), partly] } });
    renderWithProviders(<SqlBackupPage />);
    await screen.findByRole('table', { name: SQL_BACKUP_LABELS.installations });
    const notRun = bodyRows().find((r) => r.textContent?.includes('Partly'))!;
    expect(notRun).toHaveTextContent(SQL_BACKUP_OUTCOME_LABEL.notRun);
    expect(notRun).not.toHaveTextContent(format(new Date(START), DATE_FORMAT_STATUS));

    const byName = screen.getByRole('button', {
      name: TABLE_LABELS.sortBy(SQL_BACKUP_LABELS.name),
    });
    await userEvent.click(byName);
    expect(byName.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    const names = () => bodyRows().map((r) => within(r).getAllByRole('cell')[2]!.textContent);
    expect(names()).toEqual(['Bad one', 'Good', 'Partly']);
    await userEvent.click(byName);
    expect(names()).toEqual(['Partly', 'Good', 'Bad one']);
  });
});
