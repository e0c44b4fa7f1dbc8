import { ACCESS_TOKEN_HEADER, API, PORTAL_LABELS, ROUTES } from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../auth/session-storage';
import { makeToken } from '../test/make-token';
import { renderWithProviders } from '../test/render';
import { useLogout } from './useLogout';

function LogoutButton() {
  const logout = useLogout();
  return <button onClick={logout}>{PORTAL_LABELS.login}</button>;
}

describe('useLogout', () => {
  it('ends the session and leaves the store with the still valid token before it clears the session', async () => {
    const token = makeToken();
    localStorage.setItem(STORAGE_KEY.token, token);
    localStorage.setItem(
      STORAGE_KEY.activeStore,
      JSON.stringify({ companyId: 303, companyName: 'P', storeId: 1, storeName: 'H' }),
    );
    localStorage.setItem(STORAGE_KEY.siteToken, 'site-token');
    const seen: Array<{
      url: string;
      method: string | undefined;
      header: string | null;
      stored: string | null;
    }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        seen.push({
          url,
          method: init?.method,
          header: new Headers(init?.headers).get(ACCESS_TOKEN_HEADER),
          stored: localStorage.getItem(STORAGE_KEY.token),
        });
        return Response.json({ success: true });
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path={ROUTES.home} element={<LogoutButton />} />
        <Route path={ROUTES.login} element={<p>login screen</p>} />
      </Routes>,
      ROUTES.home,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(seen).toEqual([
      { url: `${API.logout}?c=303&s=1`, method: 'GET', header: token, stored: token },
    ]);
    for (const key of Object.values(STORAGE_KEY)) expect(localStorage.getItem(key)).toBeNull();
  });

  it('clears the session even when the store connection cannot be closed', async () => {
    localStorage.setItem(STORAGE_KEY.token, makeToken());
    localStorage.setItem(
      STORAGE_KEY.activeStore,
      JSON.stringify({ companyId: 303, companyName: 'P', storeId: 1, storeName: 'H' }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 'INTERNAL', message: 'x' }, { status: 500 })),
    );
    renderWithProviders(
      <Routes>
        <Route path={ROUTES.home} element={<LogoutButton />} />
        <Route path={ROUTES.login} element={<p>login screen</p>} />
      </Routes>,
      ROUTES.home,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY.token)).toBeNull();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
