import {
  COMPANY_API,
  DATE_FORMAT_STATUS,
  SITE_API,
  SITE_LABELS,
  STATUS_TEXT,
  type SystemStatus,
  TABLE_LABELS,
  TOAST,
  USER_TYPE,
} from '@store-cloud/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import common from '../../i18n/de/common';
import status from '../../i18n/de/status';
import { initI18n } from '../../i18n/i18n';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { StatusPage } from './StatusPage';

const AT = '2026-03-04T05:06:07.000Z';
const EMPTY: SystemStatus = { loginRequestList: [], portalConnectionsList: [], storePingList: [] };
const FULL: SystemStatus = {
  loginRequestList: [{ company: 101, store: 4, user: 'a@b.c', datetime: AT }],
  portalConnectionsList: [{ company: 101, store: 2, user: 'a@b.c', lastAccessed: AT }],
  // Out of order, as the ping list may come: the screen sorts it by company and store.
  storePingList: [
    {
      enterprise: { company: 101, store: 2 },
      datetime: AT,
      tentacleVersion: '2.0.1',
      noPingCounter: 2,
    },
    {
      enterprise: { company: 101, store: 1 },
      datetime: AT,
      tentacleVersion: '2.0.0',
      noPingCounter: 0,
    },
  ],
};
const QUEUE = [{ id: 'job-1', query: 'c=101&s=3', datetime: AT, url: '/api/v1/broadcastMessage' }];

function cloud(status: SystemStatus, queue: unknown[], clearStatus = 200) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      const reply = (body: unknown, code = 200) =>
        new Response(JSON.stringify(body), { status: code });
      if (path === SITE_API.systemStatus) return reply(status);
      if (path === SITE_API.messageQueue && method === 'DELETE')
        return reply({ success: clearStatus === 200 }, clearStatus);
      if (path === SITE_API.messageQueue) return reply(queue);
      if (path === SITE_API.closeSiteConnection) return reply({ success: true });
      if (path === COMPANY_API.companiesForUser)
        return reply([
          {
            companyId: 101,
            companyName: 'Northway Fuels',
            stores: [{ companyId: 101, storeId: 2, storeName: 'Mill Lane', status: 1 }],
          },
        ]);
      return reply({ code: 'NOT_FOUND', message: 'no' }, 404);
    }),
  );
  return calls;
}

beforeEach(() =>
  localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN, all: true })),
);
describe('StatusPage', () => {
  it('shows the four empty texts', async () => {
    cloud(EMPTY, []);
    renderWithProviders(<StatusPage />);
    for (const text of [
      STATUS_TEXT.noSitesOnline,
      STATUS_TEXT.noSitesConnected,
      STATUS_TEXT.noMessages,
      STATUS_TEXT.noSockets,
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText(`${STATUS_TEXT.tentaclesOnline} (0)`)).toBeInTheDocument();
  });

  it('lists the tentacles with their count, highlighting one that missed pings', async () => {
    cloud(FULL, QUEUE);
    renderWithProviders(<StatusPage />);
    const table = await screen.findByRole('table', { name: STATUS_TEXT.tentaclesOnline });
    expect(screen.getByText(`${STATUS_TEXT.tentaclesOnline} (2)`)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    // Sorted, with the company's name and id, and the store's name where the user knows it.
    expect(rows[0]).toHaveTextContent(
      `Northway Fuels (101)1${format(new Date(AT), DATE_FORMAT_STATUS)}2.0.0`,
    );
    expect(rows[1]).toHaveTextContent('Northway Fuels (101)Mill Lane (2)');
    expect(rows[0]).not.toHaveClass('table-warning');
    expect(rows[1]).toHaveClass('table-warning');
    const queue = screen.getByRole('table', { name: STATUS_TEXT.messageQueue });
    expect(queue).toHaveTextContent('job-1');
    expect(queue).toHaveTextContent('/api/v1/broadcastMessage');
    const sockets = screen.getByRole('table', { name: STATUS_TEXT.socketConnections });
    expect(within(sockets).getAllByRole('row')).toHaveLength(2);
  });

  it('shows company and store names when hovering a tentacle', async () => {
    cloud(FULL, []);
    renderWithProviders(<StatusPage />);
    const table = await screen.findByRole('table', { name: STATUS_TEXT.tentaclesOnline });
    await userEvent.hover(within(table).getAllByRole('row')[2]!);
    const popover = await screen.findByRole('tooltip', {}, { timeout: 2000 });
    await waitFor(() => expect(popover).toHaveTextContent('Northway Fuels (101)Mill Lane (2)'));
  });

  it('closes a connection only after confirming, naming the action and its consequence', async () => {
    const calls = cloud(FULL, []);
    renderWithProviders(<StatusPage />);
    const table = await screen.findByRole('table', { name: STATUS_TEXT.currentConnections });
    // The user holding the connection has a column.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Northway Fuels (101)Mill Lane (2)a@b.c',
    );
    await userEvent.click(within(table).getByRole('button', { name: SITE_LABELS.closeConnection }));
    const dialog = screen.getByRole('dialog', { name: SITE_LABELS.closeConnection });
    expect(dialog).toHaveTextContent(SITE_LABELS.confirmClose(101, 2));
    expect(dialog).toHaveTextContent(SITE_LABELS.closeConsequence('a@b.c'));
    await userEvent.click(within(dialog).getByRole('button', { name: SITE_LABELS.cancel }));
    expect(calls).not.toContain(`POST ${SITE_API.closeSiteConnection}`);
    await userEvent.click(within(table).getByRole('button', { name: SITE_LABELS.closeConnection }));
    const again = screen.getByRole('dialog', { name: SITE_LABELS.closeConnection });
    await userEvent.click(within(again).getByRole('button', { name: SITE_LABELS.closeConnection }));
    await waitFor(() => expect(calls).toContain(`POST ${SITE_API.closeSiteConnection}`));
  });

  it('clears the message queue with a toast, and says so when it fails', async () => {
    const calls = cloud(EMPTY, QUEUE);
    const { unmount } = renderWithProviders(<StatusPage />);
    await screen.findByRole('table', { name: STATUS_TEXT.messageQueue });
    await userEvent.click(screen.getByRole('button', { name: SITE_LABELS.clear }));
    expect(await screen.findByText(TOAST.messageQueue.success)).toBeInTheDocument();
    expect(calls).toContain(`DELETE ${SITE_API.messageQueue}`);
    unmount();
    cloud(EMPTY, QUEUE, 500);
    renderWithProviders(<StatusPage />);
    await screen.findByRole('table', { name: STATUS_TEXT.messageQueue });
    await userEvent.click(screen.getByRole('button', { name: SITE_LABELS.clear }));
    expect(await screen.findByText(TOAST.messageQueue.error)).toBeInTheDocument();
  });

  it('offers Clear only to an administrator with access to all companies', async () => {
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN, all: false }));
    cloud(EMPTY, QUEUE);
    renderWithProviders(<StatusPage />);
    await screen.findByRole('table', { name: STATUS_TEXT.messageQueue });
    expect(screen.queryByRole('button', { name: SITE_LABELS.clear })).toBeNull();
  });

  it('sorts the online stores by any column from its header, starting from the URL', async () => {
    cloud(FULL, []);
    renderWithProviders(<StatusPage />, '/status?online=-version');
    const table = await screen.findByRole('table', { name: STATUS_TEXT.tentaclesOnline });
    const versions = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[3]!.textContent);
    expect(versions()).toEqual(['2.0.1', '2.0.0']);
    const byVersion = within(table).getByRole('button', {
      name: TABLE_LABELS.sortBy(SITE_LABELS.version),
    });
    expect(byVersion.closest('th')).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(byVersion);
    expect(byVersion.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(versions()).toEqual(['2.0.0', '2.0.1']);
  });

  it('reads in German once chosen: the lists, their columns and the queue toast', async () => {
    initI18n('de');
    cloud(FULL, QUEUE, 500);
    renderWithProviders(<StatusPage />);
    const table = await screen.findByRole('table', { name: common.status.currentConnections });
    expect(
      within(table).getByRole('button', { name: common.site.closeConnection }),
    ).toBeInTheDocument();
    expect(screen.getByText(`${common.status.tentaclesOnline} (2)`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: common.site.clear }));
    expect(await screen.findByText(status.messageQueueToast.error)).toBeInTheDocument();
  });
});
