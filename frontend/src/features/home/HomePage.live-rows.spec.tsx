/**
 * Home under the live push at fleet scale (issue 30): a batch of store deltas re-renders only the
 * rows of the stores it changed, not every row in view. A row's content is counted through its
 * HolderNote (rendered in every store row, passed through to the real one).
 */
import {
  COMPANY_API,
  FLEET_SUMMARY_TEXT,
  type LiveStoreDelta,
  type PortalCompany,
  ROUTES,
  USER_TYPE,
  VIRTUAL_ROWS_FROM,
} from '@store-cloud/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patchStoresStatus } from '../../api/live-status-patch';
import { statusQueries } from '../../api/status.queries';
import { createQueryClient } from '../../app/AppProviders';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import type { HolderNote as RealHolderNote } from './HolderNote';
import { HomePage } from './HomePage';

/** Renders of each store's row content, by company:store. */
const rowRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('./HolderNote', async (importOriginal) => {
  const real = await importOriginal<{ HolderNote: typeof RealHolderNote }>();
  return {
    HolderNote: (props: Parameters<typeof RealHolderNote>[0]) => {
      const key = `${props.store.companyId}:${props.store.storeId}`;
      rowRenders.set(key, (rowRenders.get(key) ?? 0) + 1);
      return <real.HolderNote {...props} />;
    },
  };
});

const company = (companyId: number, stores: number): PortalCompany => ({
  companyId,
  companyName: `Company ${companyId}`,
  stores: Array.from({ length: stores }, (_, i) => ({
    companyId,
    storeId: i + 1,
    storeName: `Store ${companyId}-${i + 1}`,
    status: 1,
    tentacleVersion: '2.0.0',
  })),
});

function renderHome(companies: PortalCompany[], all: boolean) {
  localStorage.setItem(
    STORAGE_KEY.token,
    makeToken({ all, usertype: all ? USER_TYPE.SUPER_ADMIN : USER_TYPE.BASIC }),
  );
  const statuses = companies.flatMap((c) => c.stores);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.startsWith(COMPANY_API.companiesForUser) ? companies : statuses;
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[ROUTES.home]}>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  /** What useLiveStatus does with a batch of the live push; react-query tells on a timer. */
  const push = (deltas: LiveStoreDelta[]) =>
    act(async () => {
      queryClient.setQueryData(
        statusQueries.storesStatus().queryKey,
        (list) => list && patchStoresStatus(list, deltas),
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return {
    push,
    statusesLoaded: () => queryClient.getQueryData(statusQueries.storesStatus().queryKey),
  };
}

const rowOf = (table: HTMLElement, storeName: string) =>
  within(table).getByText(storeName).closest<HTMLElement>('tr, li')!;

/**
 * jsdom lays nothing out: the table's scroll region gets a screen's height and each row the
 * virtualiser measures a line's, so it renders the rows in view as in a browser.
 */
function layOut() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.getAttribute('role') === 'region' ? 600 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.tagName === 'TR' ? 33 : 0;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HomePage under live status batches', () => {
  it('re-renders only the row of the store a batch changed in a long virtualised table', async () => {
    layOut();
    const fleet = company(101, VIRTUAL_ROWS_FROM + 50);
    const { push, statusesLoaded } = renderHome([fleet], true);
    const table = await screen.findByRole('table', { name: 'Stores' });
    await waitFor(() => expect(statusesLoaded()).toBeDefined());
    // Virtualised: only part of the stores are rows in the DOM.
    const rows = within(table).getAllByRole('row').length;
    expect(rows).toBeGreaterThan(3);
    expect(rows).toBeLessThan(fleet.stores.length);
    expect(within(rowOf(table, 'Store 101-2')).getByRole('img', { name: 'online' })).toBeVisible();

    rowRenders.clear();
    await push([{ companyId: 101, storeId: 2, online: false }]);

    expect(within(rowOf(table, 'Store 101-2')).getByRole('img', { name: 'offline' })).toBeVisible();
    expect(within(rowOf(table, 'Store 101-3')).getByRole('img', { name: 'online' })).toBeVisible();
    expect(Object.fromEntries(rowRenders)).toEqual({ '101:2': 1 });
  });

  it('re-renders only the changed store in the accordion, and its company’s counts change', async () => {
    const companies = [company(101, 40), company(202, 40)];
    const { push, statusesLoaded } = renderHome(companies, false);
    await screen.findByRole('button', { name: 'Company 202 (202)' });
    await waitFor(() => expect(statusesLoaded()).toBeDefined());
    const summary = screen.getByRole('table', { name: FLEET_SUMMARY_TEXT.title });
    const summaryRow = (name: string) => within(summary).getByText(name).closest('tr')!;
    // Company, online, connected, offline, open incidents.
    await waitFor(() =>
      expect(summaryRow('Company 202 (202)')).toHaveTextContent(/^Company 202 \(202\)40000$/),
    );

    rowRenders.clear();
    await push([{ companyId: 202, storeId: 7, online: false }]);

    const item = screen.getByText('Store 202-7').closest('li')!;
    expect(within(item).getByRole('img', { name: 'offline' })).toBeInTheDocument();
    expect(Object.fromEntries(rowRenders)).toEqual({ '202:7': 1 });
    expect(summaryRow('Company 202 (202)')).toHaveTextContent(/^Company 202 \(202\)39010$/);
    expect(summaryRow('Company 101 (101)')).toHaveTextContent(/^Company 101 \(101\)40000$/);
  });
});
