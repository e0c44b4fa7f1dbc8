/**
 * The login form's own behaviour. The network path is Playwright's (against the real backend);
 * here fetch is stubbed with the backend's documented replies, as the brief allows for this form.
 */
import {
  API,
  ERROR_CODE,
  HOME_TEXT,
  LOGIN_TEXT,
  loginRequestSchema,
  PORTAL_LABELS,
  ROUTES,
} from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/AppRoutes';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import deCommon from '../../i18n/de/common';
import deLogin from '../../i18n/de/login';
import { initI18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';

/** Home after the sign-in took over a second at times under load (2 cores, load 35). */
const HOME_WAIT = { timeout: 5000 };

const reply = (status: number, body: unknown) => {
  const fetchStub = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
};

const fillAndSubmit = async (username = 'user@example.com', password = 'Secret123') => {
  await userEvent.type(screen.getByLabelText(PORTAL_LABELS.username), username);
  await userEvent.type(screen.getByLabelText(PORTAL_LABELS.password), password);
  await userEvent.click(screen.getByRole('button', { name: PORTAL_LABELS.login }));
};

describe('LoginPage', () => {
  it('shows the contract validation messages for empty fields and calls nothing', async () => {
    const fetchStub = reply(500, {});
    renderWithProviders(<AppRoutes />, ROUTES.login);
    await userEvent.click(screen.getByRole('button', { name: PORTAL_LABELS.login }));

    const issues = loginRequestSchema.safeParse({ username: '', password: '' }).error?.issues ?? [];
    expect(issues).toHaveLength(2);
    for (const issue of issues) expect(await screen.findByText(issue.message)).toBeInTheDocument();
    // Only the question whether single sign-on is on; no login.
    expect(fetchStub).not.toHaveBeenCalledWith(API.login, expect.anything());
  });

  it('shows the disabled view for a disabled account, removes any token and returns to the form', async () => {
    localStorage.setItem(STORAGE_KEY.token, makeToken());
    const fetchStub = reply(200, { success: true, enabled: false });
    renderWithProviders(<AppRoutes />, ROUTES.login);
    await fillAndSubmit();

    expect(await screen.findByText(LOGIN_TEXT.disabled)).toBeInTheDocument();
    // What the account needs and who can give it (issue 30).
    expect(
      screen.getByRole('heading', { name: PORTAL_LABELS.firstSteps.title }),
    ).toBeInTheDocument();
    expect(screen.getByText(PORTAL_LABELS.firstSteps.enabled)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY.token)).toBeNull();
    expect(fetchStub).toHaveBeenCalledWith(API.login, expect.objectContaining({ method: 'POST' }));

    await userEvent.click(screen.getByRole('button', { name: LOGIN_TEXT.returnToLogin }));
    expect(screen.getByLabelText(PORTAL_LABELS.username)).toHaveValue('');
  });

  it('clears both fields and toasts the failure on wrong credentials', async () => {
    reply(401, { code: ERROR_CODE.invalidCredentials, message: LOGIN_TEXT.failed });
    renderWithProviders(<AppRoutes />, ROUTES.login);
    await fillAndSubmit();

    expect(await screen.findByText(LOGIN_TEXT.failed)).toBeInTheDocument();
    expect(screen.getByLabelText(PORTAL_LABELS.username)).toHaveValue('');
    expect(screen.getByLabelText(PORTAL_LABELS.password)).toHaveValue('');
  });

  it('stores the token and goes home on success', async () => {
    const token = makeToken();
    reply(200, { success: true, enabled: true, token });
    renderWithProviders(<AppRoutes />, ROUTES.login);
    await fillAndSubmit();

    expect(
      await screen.findByRole('heading', { name: HOME_TEXT.selectCompanyAndStore }, HOME_WAIT),
    ).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY.token)).toBe(token);
  });

  it('speaks German once chosen: the form and its checks of empty fields', async () => {
    const fetchStub = reply(500, {});
    initI18n('de');
    renderWithProviders(<AppRoutes />, ROUTES.login);
    expect(screen.getByLabelText(deCommon.portal.username)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: deCommon.portal.login }));

    expect(await screen.findByText(deLogin.login.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(deLogin.login.passwordRequired)).toBeInTheDocument();
    expect(screen.queryByText(LOGIN_TEXT.usernameRequired)).toBeNull();
    expect(fetchStub).not.toHaveBeenCalledWith(API.login, expect.anything());
  });
});
