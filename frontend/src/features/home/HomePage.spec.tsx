/**
 * Home's layouts and rules with the cloud's replies stubbed; the live path (real backend and
 * simulated fleet) is covered by e2e/tests/home-fleet.spec.ts.
 */
import {
  COMPANY_API,
  COMPANY_LABELS,
  DATE_FORMAT_STATUS,
  FLEET_SUMMARY_TEXT,
  HOME_TEXT,
  PORTAL_LABELS,
  type PortalCompany,
  ROUTES,
  type StoreStatus,
  TABLE_LABELS,
  USER_TYPE,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { HomePage } from './HomePage';

const store = (companyId: number, storeId: number, storeName: string, status = 1) => ({
  companyId,
  storeId,
  storeName,
  status,
  tentacleVersion: `2.${storeId}.0`,
});
const NORTH: PortalCompany = {
  companyId: 101,
  companyName: 'Northway Fuels',
  stores: [store(101, 2, 'Mill Lane'), store(101, 1, 'Harbour Road'), store(101, 3, 'Ridge', 0)],
};
const PRAIRIE: PortalCompany = {
  companyId: 303,
  companyName: 'Prairie Petroleum',
  stores: [store(303, 1, 'Highway 9')],
};

function cloud(companies: PortalCompany[], statuses?: StoreStatus[]) {
  const live = statuses ?? companies.flatMap((c) => c.stores);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.startsWith(COMPANY_API.companiesForUser) ? companies : live;
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}
const signIn = (all: boolean) =>
  localStorage.setItem(
    STORAGE_KEY.token,
    makeToken({ all, usertype: all ? USER_TYPE.SUPER_ADMIN : USER_TYPE.BASIC }),
  );

describe('HomePage', () => {
  it('lets an all-sites user search companies from 3 characters and pick one', async () => {
    signIn(true);
    cloud([PRAIRIE, NORTH]);
    renderWithProviders(<HomePage />, ROUTES.home);
    const companies = await screen.findByRole('table', { name: 'Companies' });
    const rows = () => within(companies).getAllByRole('row').slice(1);
    // Sorted by id.
    expect(rows().map((r) => r.textContent)).toEqual(['101Northway Fuels', '303Prairie Petroleum']);
    const search = screen.getByRole('searchbox', { name: COMPANY_LABELS.search });
    await userEvent.type(search, 'PR');
    expect(rows()).toHaveLength(2);
    await userEvent.type(search, 'A');
    expect(rows().map((r) => r.textContent)).toEqual(['303Prairie Petroleum']);
    await userEvent.clear(search);

    await userEvent.click(within(companies).getByText('Northway Fuels'));
    expect(
      screen.getByRole('heading', { name: HOME_TEXT.selectStoreFor('Northway Fuels') }),
    ).toBeInTheDocument();
    const stores = screen.getByRole('table', { name: 'Stores' });
    const storeRows = within(stores).getAllByRole('row').slice(1);
    expect(storeRows.map((r) => r.textContent)).toEqual([
      '1Harbour Roadv 2.1.0',
      '2Mill Lanev 2.2.0',
      // Offline: no version.
      '3Ridge',
    ]);
    expect(within(storeRows[2]!).getByRole('img', { name: 'offline' })).toHaveClass(
      'status-offline',
    );
    expect(within(storeRows[0]!).getByRole('img', { name: 'online' })).toHaveClass('status-online');

    await userEvent.click(storeRows[2]!);
    expect(screen.getByRole('alert')).toHaveTextContent(HOME_TEXT.cannotConnect('offline'));

    await userEvent.click(screen.getByLabelText(HOME_TEXT.hideOfflineStores));
    expect(within(stores).getAllByRole('row')).toHaveLength(3);
  });

  it('drops a stale refusal when the user changes company', async () => {
    signIn(true);
    cloud([PRAIRIE, NORTH]);
    renderWithProviders(<HomePage />, ROUTES.home);
    const companies = await screen.findByRole('table', { name: 'Companies' });
    await userEvent.click(within(companies).getByText('Northway Fuels'));
    await userEvent.click(screen.getByText('Ridge'));
    expect(screen.getByRole('alert')).toHaveTextContent(HOME_TEXT.cannotConnect('offline'));
    await userEvent.click(screen.getByRole('button', { name: COMPANY_LABELS.changeCompany }));
    await userEvent.click(
      within(screen.getByRole('table', { name: 'Companies' })).getByText('Prairie Petroleum'),
    );
    expect(
      screen.getByRole('heading', { name: HOME_TEXT.selectStoreFor('Prairie Petroleum') }),
    ).toBeInTheDocument();
    expect(screen.queryByText(HOME_TEXT.cannotConnect('offline'))).toBeNull();
  });

  it('shows other users an accordion of their companies', async () => {
    signIn(false);
    cloud([NORTH, PRAIRIE]);
    renderWithProviders(<HomePage />, ROUTES.home);
    expect(await screen.findByRole('button', { name: 'Northway Fuels (101)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prairie Petroleum (303)' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: HOME_TEXT.selectCompanyAndStore }),
    ).toBeInTheDocument();
  });

  it('takes a user with one company straight to its stores; one store shows Connect to Site', async () => {
    signIn(false);
    cloud([PRAIRIE]);
    renderWithProviders(<HomePage />, ROUTES.home);
    expect(
      await screen.findByRole('heading', { name: HOME_TEXT.selectStoreFor('Prairie Petroleum') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: HOME_TEXT.connectToSite })).toBeInTheDocument();
  });

  it('says so when there are no companies, or a company has no stores', async () => {
    signIn(true);
    cloud([]);
    const { unmount } = renderWithProviders(<HomePage />, ROUTES.home);
    expect(await screen.findByText(HOME_TEXT.noCompanies)).toBeInTheDocument();
    // What the user needs and who can give it (issue 30 first steps), under the spec's heading.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      HOME_TEXT.selectCompanyAndStore,
    );
    expect(
      screen.getByRole('heading', { name: PORTAL_LABELS.firstSteps.title, level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByText(PORTAL_LABELS.firstSteps.companies)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(USER_TYPE.SUPER_ADMIN))).toBeInTheDocument();
    unmount();
    cloud([{ ...NORTH, stores: [] }]);
    renderWithProviders(<HomePage />, ROUTES.home);
    expect(await screen.findByText(HOME_TEXT.noStoresFor('Northway Fuels'))).toBeInTheDocument();
  });

  it('shows who holds a connected store and since when; Connect to Site is off for another user’s store', async () => {
    signIn(false);
    const since = '2026-03-04T05:06:07.000Z';
    const held = { ...store(303, 1, 'Highway 9', 2), connectedBy: 'other@example.com' };
    cloud([PRAIRIE], [{ ...held, connectedSince: since }]);
    const { unmount } = renderWithProviders(<HomePage />, ROUTES.home);
    expect(
      await screen.findByText(
        COMPANY_LABELS.connectedBy(
          'other@example.com',
          format(new Date(since), DATE_FORMAT_STATUS),
        ),
      ),
    ).toBeInTheDocument();
    const connect = screen.getByRole('button', { name: HOME_TEXT.connectToSite });
    expect(connect).toBeDisabled();
    unmount();

    // The signed-in user's own connection (makeToken's name) is theirs to take over.
    cloud([PRAIRIE], [{ ...held, connectedBy: 'user@example.com', connectedSince: since }]);
    renderWithProviders(<HomePage />, ROUTES.home);
    expect(await screen.findByTestId('store-holder')).toHaveTextContent(
      'Connected by user@example.com since',
    );
    expect(screen.getByRole('button', { name: HOME_TEXT.connectToSite })).toBeEnabled();
  });

  it('refuses a store connected by another user in a list, naming its state', async () => {
    signIn(true);
    cloud(
      [NORTH],
      [
        { ...store(101, 1, 'Harbour Road', 2), connectedBy: 'other@example.com' },
        store(101, 2, 'Mill Lane'),
      ],
    );
    renderWithProviders(<HomePage />, ROUTES.home);
    // One company: straight to its stores; the holder shows once the live status is in.
    const holder = await screen.findByTestId('store-holder');
    const rows = within(screen.getByRole('table', { name: 'Stores' })).getAllByRole('row');
    expect(rows[1]).toContainElement(holder);
    expect(holder).toHaveTextContent('Connected by other@example.com');
    await userEvent.click(rows[1]!);
    expect(screen.getByRole('alert')).toHaveTextContent(HOME_TEXT.cannotConnect('connected'));
  });

  it('summarises the fleet per company: online, connected and offline stores', async () => {
    signIn(true);
    cloud([PRAIRIE, NORTH]);
    renderWithProviders(<HomePage />, ROUTES.home);
    const summary = await screen.findByRole('table', { name: FLEET_SUMMARY_TEXT.title });
    const rows = () => within(summary).getAllByRole('row').slice(1);
    // Company, online, connected, offline, open incidents.
    expect(rows().map((r) => r.textContent)).toEqual([
      'Northway Fuels (101)2010',
      'Prairie Petroleum (303)1000',
    ]);
    const byOffline = within(summary).getByRole('button', {
      name: TABLE_LABELS.sortBy(FLEET_SUMMARY_TEXT.offline),
    });
    await userEvent.click(byOffline);
    expect(rows()[0]).toHaveTextContent('Prairie Petroleum');
    await userEvent.click(byOffline);
    expect(rows()[0]).toHaveTextContent('Northway Fuels');
  });
});
