/**
 * The connection flow of spec §4 on Home, the route rule and the ping loop with the cloud's
 * replies stubbed; the live path is e2e/tests/site-connect.spec.ts.
 */
import {
  COMPANY_API,
  HOME_TEXT,
  type PortalCompany,
  ROUTES,
  SITE_API,
  SITE_ERROR_CODE,
  TIMEOUT_TEXT,
} from '@store-cloud/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { HomePage } from '../home/HomePage';
import { TimeoutPage } from '../timeout/TimeoutPage';
import { useStoreConnection } from './useStoreConnection';

const PRAIRIE: PortalCompany = {
  companyId: 303,
  companyName: 'Prairie Petroleum',
  stores: [{ companyId: 303, storeId: 1, storeName: 'Highway 9', status: 1, installedStoreId: 91 }],
};
const ACTIVE = {
  companyId: 303,
  companyName: 'Prairie Petroleum',
  storeId: 1,
  storeName: 'Highway 9',
};

type Reply = { status: number; body: unknown };
const json = ({ status, body }: Reply) => new Response(JSON.stringify(body), { status });
const ok = (body: unknown): Reply => ({ status: 200, body });
const fail = (status: number, code = 'ERR'): Reply => ({ status, body: { code, message: code } });

/** Stubs fetch by path; returns the calls made, as 'METHOD path'. */
function cloud(replies: Record<string, Reply>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === COMPANY_API.companiesForUser) return json(ok([PRAIRIE]));
      if (path === COMPANY_API.allStoresStatus) return json(ok(PRAIRIE.stores));
      return json(replies[path] ?? fail(404));
    }),
  );
  return calls;
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}
function Connected() {
  useStoreConnection();
  return <Where />;
}

beforeEach(() => localStorage.setItem(STORAGE_KEY.token, makeToken()));
afterEach(() => vi.useRealTimers());

async function connectFromHome() {
  renderWithProviders(
    <Routes>
      <Route path={ROUTES.home} element={<HomePage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    ROUTES.home,
  );
  await userEvent.click(await screen.findByRole('button', { name: HOME_TEXT.connectToSite }));
}

describe('connecting to a store from Home', () => {
  it('connects, logs in, keeps the site token and the active store and opens /store', async () => {
    const calls = cloud({
      [SITE_API.siteConnect]: ok({ success: true }),
      [SITE_API.siteLogin]: ok({ success: true, token: 'site.token.x', expires: '2030-01-01' }),
    });
    await connectFromHome();
    expect(await screen.findByTestId('where')).toHaveTextContent(ROUTES.store);
    expect(calls).toContain(`POST ${SITE_API.siteConnect}`);
    expect(calls).toContain(`POST ${SITE_API.siteLogin}`);
    expect(localStorage.getItem(STORAGE_KEY.siteToken)).toBe('site.token.x');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY.activeStore)!)).toEqual({
      ...ACTIVE,
      installedStoreId: 91,
    });
  });

  it("shows 'Failed to connect to site' when the connect fails", async () => {
    const calls = cloud({ [SITE_API.siteConnect]: fail(500) });
    await connectFromHome();
    expect(await screen.findByText(HOME_TEXT.failedToConnectSite)).toBeInTheDocument();
    expect(calls).not.toContain(`POST ${SITE_API.siteLogin}`);
    expect(localStorage.getItem(STORAGE_KEY.activeStore)).toBeNull();
  });

  it('clears the active store when the store refuses the login, and keeps the portal session', async () => {
    const calls = cloud({
      [SITE_API.siteConnect]: ok({ success: true }),
      [SITE_API.siteLogin]: fail(401, SITE_ERROR_CODE.siteLoginFailed),
    });
    await connectFromHome();
    expect(await screen.findByText(HOME_TEXT.failedToLoginSiteRouter)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY.activeStore)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY.siteToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY.token)).not.toBeNull();
    expect(calls).not.toContain(`POST ${SITE_API.siteLogout}`);
  });

  it('closes the site connection when the login call errors', async () => {
    const calls = cloud({
      [SITE_API.siteConnect]: ok({ success: true }),
      [SITE_API.siteLogin]: fail(504, SITE_ERROR_CODE.storeTimeout),
      [SITE_API.siteLogout]: ok({ success: true }),
    });
    await connectFromHome();
    expect(await screen.findByText(HOME_TEXT.failedToConnectSiteRouter)).toBeInTheDocument();
    expect(calls).toContain(`POST ${SITE_API.siteLogout}`);
    expect(localStorage.getItem(STORAGE_KEY.activeStore)).toBeNull();
  });
});

describe('the route rule and the ping loop', () => {
  const connected = () => {
    localStorage.setItem(STORAGE_KEY.activeStore, JSON.stringify(ACTIVE));
    localStorage.setItem(STORAGE_KEY.siteToken, 'site.token.x');
  };

  it('entering /home leaves the store, locally even when the logout call fails', async () => {
    connected();
    const calls = cloud({ [SITE_API.siteLogout]: fail(500) });
    renderWithProviders(<Connected />, ROUTES.home);
    expect(await screen.findByTestId('where')).toHaveTextContent(ROUTES.home);
    expect(localStorage.getItem(STORAGE_KEY.activeStore)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY.siteToken)).toBeNull();
    expect(calls).toContain(`POST ${SITE_API.siteLogout}`);
  });

  it('keeps the store on /store and goes to /timeout when the backend closed the connection', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    connected();
    const calls = cloud({
      [SITE_API.siteTokenInfo]: fail(401, SITE_ERROR_CODE.connectionClosed),
    });
    renderWithProviders(<Connected />, ROUTES.store);
    expect(screen.getByTestId('where')).toHaveTextContent(ROUTES.store);
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(ROUTES.timeout)).toBeInTheDocument();
    expect(calls).toEqual([`GET ${SITE_API.siteTokenInfo}`]);
    expect(localStorage.getItem(STORAGE_KEY.siteToken)).toBeNull();
  });

  it('says on /timeout that an administrator closed the connection when the backend says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    connected();
    cloud({ [SITE_API.siteTokenInfo]: fail(401, SITE_ERROR_CODE.connectionClosedByAdmin) });
    renderWithProviders(
      <Routes>
        <Route path={ROUTES.timeout} element={<TimeoutPage />} />
        <Route path="*" element={<Connected />} />
      </Routes>,
      ROUTES.store,
    );
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(TIMEOUT_TEXT.closedByAdmin)).toBeInTheDocument();
    expect(screen.queryByText(TIMEOUT_TEXT.body)).not.toBeInTheDocument();
  });

  it('pings only while a site token exists, first after 1 s then every 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    connected();
    const calls = cloud({
      [SITE_API.siteTokenInfo]: ok({ user: 'u', company: 303, store: 1, expires: '2030-01-01' }),
    });
    renderWithProviders(<Connected />, ROUTES.store);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(calls).toHaveLength(2);
    act(() => {
      localStorage.removeItem(STORAGE_KEY.siteToken);
      window.dispatchEvent(new StorageEvent('storage'));
    });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls).toHaveLength(2);
  });
});
