/**
 * The portal's part of single sign-on: the button when it is on, and the callback screen. The
 * flow through a real provider is Playwright's (e2e/tests/sso.spec.ts); here fetch is stubbed
 * with the backend's documented replies.
 */
import {
  API,
  HOME_TEXT,
  PORTAL_LABELS,
  ROUTES,
  SSO_API,
  SSO_ERROR,
  SSO_PORTAL_ROUTE,
  SSO_TEXT,
} from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/AppRoutes';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';

/** Home after the sign-in took over a second at times under load (2 cores, load 35). */
const HOME_WAIT = { timeout: 5000 };

/** Answers by path; anything else is a 404. */
function stubBackend(replies: Record<string, [number, unknown]>) {
  const calls: Array<{ url: string; body?: unknown }> = [];
  const fetchStub = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const [status, body] = replies[url] ?? [404, { code: 'NOT_FOUND', message: 'Not found' }];
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

describe('single sign-on in the portal', () => {
  it('offers "Sign in with …" when it is on, as a link to the start', async () => {
    stubBackend({ [SSO_API.status]: [200, { enabled: true, label: 'Contoso' }] });
    renderWithProviders(<AppRoutes />, ROUTES.login);
    const link = await screen.findByRole('link', { name: SSO_TEXT.signInWith('Contoso') });
    expect(link).toHaveAttribute('href', SSO_API.start);
  });

  it('shows no button when it is off', async () => {
    const calls = stubBackend({ [SSO_API.status]: [200, { enabled: false }] });
    renderWithProviders(<AppRoutes />, ROUTES.login);
    expect(await screen.findByLabelText(PORTAL_LABELS.username)).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toContain(SSO_API.status));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('completes with the one-time code once, stores the token and goes home', async () => {
    const token = makeToken();
    const calls = stubBackend({
      [SSO_API.complete]: [200, { success: true, enabled: true, token }],
    });
    renderWithProviders(<AppRoutes />, `${SSO_PORTAL_ROUTE}?code=one-time-code`);
    expect(
      await screen.findByRole('heading', { name: HOME_TEXT.selectCompanyAndStore }, HOME_WAIT),
    ).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY.token)).toBe(token);
    expect(calls.filter((c) => c.url === SSO_API.complete)).toEqual([
      { url: SSO_API.complete, body: { code: 'one-time-code' } },
    ]);
  });

  it("shows the backend's reason when the code is refused, and leads back to the login", async () => {
    stubBackend({
      [SSO_API.complete]: [401, { code: 'UNAUTHENTICATED', message: SSO_TEXT.codeInvalid }],
    });
    renderWithProviders(<AppRoutes />, `${SSO_PORTAL_ROUTE}?code=used`);
    expect(await screen.findByText(SSO_TEXT.codeInvalid)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Return to Login/ }));
    expect(await screen.findByLabelText(PORTAL_LABELS.username)).toBeInTheDocument();
  });

  it('shows the text of the error the callback names, and calls nothing', async () => {
    const calls = stubBackend({});
    renderWithProviders(<AppRoutes />, `${SSO_PORTAL_ROUTE}?error=${SSO_ERROR.notMapped}`);
    expect(await screen.findByText(SSO_TEXT.errors.not_mapped)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).not.toContain(SSO_API.complete);
    expect(calls.map((c) => c.url)).not.toContain(API.login);
  });
});
