import {
  APP,
  BOS_API,
  ROUTES,
  SITE_API,
  SITE_LABELS,
  SITE_SERVICE,
  SITE_TOKEN_HEADER,
  STORE_TEXT,
  USER_TYPE,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { useStoreConnection } from '../site/useStoreConnection';
import { StorePage } from './StorePage';

const ACTIVE = { companyId: 202, companyName: 'Sunrise', storeId: 1, storeName: 'Market Street' };

/** The store's services answer by path and d; `failing` ones answer 504. */
function cloud({ bosToUse = 2, failing = [] as string[] } = {}) {
  const siteTokens: Array<string | null> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path, search] = url.split('?') as [string, string | undefined];
      const query = new URLSearchParams(search);
      const reply = (body: unknown, code = 200) =>
        new Response(JSON.stringify(body), { status: code });
      if (path === BOS_API.bosVersion) return reply({ bosToUse });
      if (path === BOS_API.bosVersions)
        return reply({ bos1: '1.8.4', bos2: '2.3.1', bos3: '3.0.2' });
      if (path.startsWith(SITE_API.relayPrefix)) {
        siteTokens.push(new Headers(init?.headers).get(SITE_TOKEN_HEADER));
        const key = `${path}:${query.get('d') ?? ''}`;
        if (failing.includes(key)) return reply({ code: 'STORE_TIMEOUT', message: 't' }, 504);
        return reply({ version: key });
      }
      return reply({ code: 'NOT_FOUND', message: 'no' }, 404);
    }),
  );
  return siteTokens;
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

/** What the signed-in shell mounts: the route rule that leaves the store. */
function StoreConnection() {
  useStoreConnection();
  return null;
}

function renderStore(
  usertype: string,
  applications: string[] = [APP.evoBos],
  shell: ReactNode = null,
) {
  localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: usertype as never, applications }));
  localStorage.setItem(STORAGE_KEY.activeStore, JSON.stringify(ACTIVE));
  localStorage.setItem(STORAGE_KEY.siteToken, 'site.token.x');
  renderWithProviders(
    <>
      {shell}
      <Routes>
        <Route path={ROUTES.store} element={<StorePage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    ROUTES.store,
  );
}

describe('StorePage', () => {
  it('opens the evoBOS the serving version needs', async () => {
    const tokens = cloud({ bosToUse: 2 });
    renderStore(USER_TYPE.BASIC);
    const open = await screen.findByRole('button', { name: SITE_LABELS.openBos });
    await vi.waitFor(() => expect(open).toBeEnabled());
    expect(screen.queryByRole('table', { name: SITE_LABELS.siteStatus })).toBeNull();
    await userEvent.click(open);
    expect(screen.getByTestId('where')).toHaveTextContent(ROUTES.function(2));
    expect(tokens).toEqual(['site.token.x']);
  });

  it("says 'Unable to open application' when no evoBOS fits", async () => {
    cloud({ bosToUse: 0 });
    renderStore(USER_TYPE.BASIC);
    const open = await screen.findByRole('button', { name: SITE_LABELS.openBos });
    await vi.waitFor(() => expect(open).toBeEnabled());
    await userEvent.click(open);
    expect(screen.getByText(STORE_TEXT.unableToOpen)).toBeInTheDocument();
  });

  it('offers no open button without the evoBOS application', async () => {
    cloud();
    renderStore(USER_TYPE.BASIC, []);
    expect(await screen.findByText(STORE_TEXT.noSuitableBos)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SITE_LABELS.openBos })).toBeNull();
  });

  it.each([USER_TYPE.ADMIN, USER_TYPE.SUPER_ADMIN, USER_TYPE.SUPPORT_ADMIN, USER_TYPE.TLM])(
    'shows %s the site status and evoBOS versions, with - for a failed call',
    async (usertype) => {
      cloud({ failing: [`${SITE_API.evorouterVersion}:`] });
      renderStore(usertype);
      const status = await screen.findByRole('table', { name: SITE_LABELS.siteStatus });
      const row = (label: string) => within(status).getByRole('row', { name: new RegExp(label) });
      await vi.waitFor(() =>
        expect(row(SITE_LABELS.servingService)).toHaveTextContent(
          `${SITE_API.ping}:${SITE_SERVICE.serving}`,
        ),
      );
      expect(row(SITE_LABELS.dealService)).toHaveTextContent(
        `${SITE_API.promotionPing}:${SITE_SERVICE.deal}`,
      );
      expect(row(SITE_LABELS.bookingService)).toHaveTextContent(
        `${SITE_API.ping}:${SITE_SERVICE.booking}`,
      );
      expect(row(SITE_LABELS.pumpService)).toHaveTextContent(
        `${SITE_API.version}:${SITE_SERVICE.pump}`,
      );
      await vi.waitFor(() =>
        expect(row(SITE_LABELS.router)).toHaveTextContent(SITE_LABELS.unknownVersion),
      );
      const bos = await screen.findByRole('table', { name: SITE_LABELS.bosVersions });
      await vi.waitFor(() => expect(bos).toHaveTextContent('3.0.2'));
    },
  );

  it('Disconnect logs out of the store, forgets it and goes Home', async () => {
    cloud();
    renderStore(USER_TYPE.BASIC, [APP.evoBos], <StoreConnection />);
    await userEvent.click(await screen.findByRole('button', { name: SITE_LABELS.disconnect }));
    expect(screen.getByTestId('where')).toHaveTextContent(ROUTES.home);
    expect(localStorage.getItem(STORAGE_KEY.activeStore)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY.siteToken)).toBeNull();
    const posted = vi.mocked(fetch).mock.calls.map(([url]) => String(url).split('?')[0]);
    expect(posted).toContain(SITE_API.siteLogout);
  });

  it('sends a user without an active store to /login', () => {
    cloud();
    localStorage.setItem(STORAGE_KEY.token, makeToken());
    renderWithProviders(
      <Routes>
        <Route path={ROUTES.store} element={<StorePage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      ROUTES.store,
    );
    expect(screen.getByTestId('where')).toHaveTextContent(ROUTES.login);
  });
});
