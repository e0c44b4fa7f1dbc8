import {
  APP,
  HOME_TEXT,
  MENU_LABELS,
  PORTAL_LABELS,
  ROUTES,
  TIMEOUT_TEXT,
  USER_TYPE,
} from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../auth/session-storage';
import { makeToken } from '../test/make-token';
import { renderWithProviders } from '../test/render';
import { AppRoutes } from './AppRoutes';

const signIn = (token: string) => localStorage.setItem(STORAGE_KEY.token, token);

describe('routes and guards', () => {
  it('shows the login screen on the empty path', async () => {
    renderWithProviders(<AppRoutes />, '/');
    expect(await screen.findByLabelText(PORTAL_LABELS.username)).toBeInTheDocument();
  });

  it('logs out and shows login when no one is signed in', async () => {
    localStorage.setItem(STORAGE_KEY.activeStore, '{}');
    renderWithProviders(<AppRoutes />, ROUTES.home);
    expect(await screen.findByRole('button', { name: PORTAL_LABELS.login })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY.activeStore)).toBeNull();
  });

  it('logs out an expired token', async () => {
    signIn(makeToken({ exp: Math.floor(Date.now() / 1000) - 10 }));
    renderWithProviders(<AppRoutes />, ROUTES.home);
    expect(await screen.findByRole('button', { name: PORTAL_LABELS.login })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY.token)).toBeNull();
  });

  it('shows the shell and the home placeholder to a signed-in user', async () => {
    signIn(makeToken());
    renderWithProviders(<AppRoutes />, ROUTES.home);
    expect(
      await screen.findByRole('heading', { name: HOME_TEXT.selectCompanyAndStore }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MENU_LABELS.logout })).toBeInTheDocument();
  });

  it('tells a user who may not use a screen so, with the way home', async () => {
    signIn(makeToken({ usertype: USER_TYPE.BASIC }));
    renderWithProviders(<AppRoutes />, ROUTES.sqlbackup);
    expect(
      await screen.findByRole('heading', { name: PORTAL_LABELS.notAllowedTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(PORTAL_LABELS.notAllowed)).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: PORTAL_LABELS.backToHome }));
    expect(
      await screen.findByRole('heading', { name: HOME_TEXT.selectCompanyAndStore }),
    ).toBeInTheDocument();
  });

  it('offers a way back from /timeout', async () => {
    signIn(makeToken());
    renderWithProviders(<AppRoutes />, ROUTES.timeout);
    expect(await screen.findByText(TIMEOUT_TEXT.body)).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: PORTAL_LABELS.backToHome }));
    expect(
      await screen.findByRole('heading', { name: HOME_TEXT.selectCompanyAndStore }),
    ).toBeInTheDocument();
  });

  it('titles the browser tab after the screen', async () => {
    signIn(makeToken({ usertype: USER_TYPE.ADMIN }));
    renderWithProviders(<AppRoutes />, ROUTES.users);
    await screen.findByRole('heading', { name: MENU_LABELS.users });
    expect(document.title).toBe(PORTAL_LABELS.screenTitle(MENU_LABELS.users));
  });

  it('lets a user who may use a screen in', async () => {
    signIn(makeToken({ usertype: USER_TYPE.SUPER_ADMIN, applications: [APP.dbBackup] }));
    renderWithProviders(<AppRoutes />, ROUTES.backup);
    expect(await screen.findByRole('heading', { name: MENU_LABELS.backup })).toBeInTheDocument();
  });
});
