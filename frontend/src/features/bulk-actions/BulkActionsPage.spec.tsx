import {
  BULK_ACTIONS_API,
  BULK_ACTIONS_TEXT,
  BULK_STORE_STATE_LABEL,
  type BulkAction,
  bulkCounts,
  COMPANY_API,
} from '@store-cloud/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { BulkActionsPage } from './BulkActionsPage';

const FIRST = 'a'.repeat(24);
const RETRY = 'b'.repeat(24);
const result = (storeId: number, state: BulkAction['results'][number]['state'], reason = '') => ({
  companyId: 101,
  companyName: 'Northway Fuels',
  storeId,
  storeName: `Store ${storeId}`,
  state,
  reason: reason || null,
  at: '2026-11-27T10:00:00.000Z',
});
const action = (id: string, results: BulkAction['results'], retriedBy: string | null = null) => ({
  id,
  kind: 'message' as const,
  summary: 'Message: Pumps closed',
  user: 'me',
  createdAt: '2026-11-27T10:00:00.000Z',
  retryOf: id === RETRY ? FIRST : null,
  retriedBy,
  selection: null,
  counts: bulkCounts(results),
  total: results.length,
  results,
});
const first = action(FIRST, [
  result(1, 'acknowledged'),
  result(2, 'failed', 'The store is offline'),
  result(3, 'held'),
]);
const retry = action(RETRY, [result(2, 'queued')]);

function cloud({ empty = false } = {}) {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path] = url.split('?') as [string];
      const method = init?.method ?? 'GET';
      if (method === 'POST') posts.push(path);
      const reply = (value: unknown, status = 200) =>
        new Response(JSON.stringify(value), { status });
      switch (path) {
        case BULK_ACTIONS_API.actions:
          return reply({
            items: empty ? [] : [first],
            total: empty ? 0 : 1,
            page: 1,
            pageSize: 20,
          });
        case BULK_ACTIONS_API.action(FIRST):
          return reply(first);
        case BULK_ACTIONS_API.action(RETRY):
          return reply(retry);
        case BULK_ACTIONS_API.retryFailed(FIRST):
          return reply(retry, 201);
        case BULK_ACTIONS_API.selections:
          return reply([]);
        case COMPANY_API.companiesForUser:
          return reply([{ companyId: 101, companyName: 'Northway Fuels', stores: [] }]);
      }
      return reply({ code: 'NOT_FOUND', message: 'no' }, 404);
    }),
  );
  return { posts };
}

function renderPage(path = '/bulkactions') {
  localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true }));
  renderWithProviders(<BulkActionsPage />, path);
}

afterEach(() => vi.unstubAllGlobals());

describe('Bulk actions', () => {
  it('says so when there is no action yet', async () => {
    cloud({ empty: true });
    renderPage();
    expect(await screen.findByText(BULK_ACTIONS_TEXT.none)).toBeVisible();
    expect(screen.getByText(BULK_ACTIONS_TEXT.noSelections)).toBeVisible();
  });

  it('lists actions with their counts and opens the result grid, filtered by state', async () => {
    cloud();
    renderPage();
    const table = await screen.findByRole('table', { name: BULK_ACTIONS_TEXT.title });
    expect(table).toHaveTextContent('3: Held 1, Acknowledged 1, Failed 1');
    await userEvent.click(within(table).getByRole('button', { name: first.summary }));
    const grid = await screen.findByRole('table', { name: BULK_ACTIONS_TEXT.stores });
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    await userEvent.click(
      screen.getByRole('button', { name: `${BULK_STORE_STATE_LABEL.failed} (1)` }),
    );
    const rows = within(screen.getByRole('table', { name: BULK_ACTIONS_TEXT.stores })).getAllByRole(
      'row',
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('The store is offline');
  });

  it('retries the failed stores only after a confirmation, then shows the retry', async () => {
    const { posts } = cloud();
    renderPage(`/bulkactions?action=${FIRST}`);
    await userEvent.click(
      await screen.findByRole('button', { name: `${BULK_ACTIONS_TEXT.retryFailed} (1)` }),
    );
    const dialog = await screen.findByRole('dialog', { name: BULK_ACTIONS_TEXT.retryFailed });
    expect(dialog).toHaveTextContent(BULK_ACTIONS_TEXT.confirmRetry(1));
    await userEvent.click(within(dialog).getByRole('button', { name: BULK_ACTIONS_TEXT.confirm }));
    await waitFor(() => expect(posts).toEqual([BULK_ACTIONS_API.retryFailed(FIRST)]));
    // The retry's own grid: its one store. It loads after the dialog closes and the address
    // changes, which took over the default second on a loaded machine: a wait, not a time limit.
    expect(
      await screen.findByRole('button', { name: BULK_ACTIONS_TEXT.retryOf }, { timeout: 8000 }),
    ).toBeVisible();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: BULK_ACTIONS_TEXT.stores })).getAllByRole('row'),
      ).toHaveLength(2),
    );
  });
});
