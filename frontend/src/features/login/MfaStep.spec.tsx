/**
 * The login's second step (issue 27) and the forced enrolment's landing. fetch answers as the
 * backend documents it (contracts' OpenAPI tables); the real path is Playwright's.
 */
import {
  API,
  ERROR_CODE,
  HOME_TEXT,
  MFA_API,
  MFA_TEXT,
  PORTAL_LABELS,
  ROUTES,
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

/** A backend whose password step asks for a code; `codeReplies` answer the codes in order. */
function stubBackend(codeReplies: Array<[number, unknown]>) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === API.login) {
        return Response.json({
          success: true,
          enabled: true,
          mfaRequired: true,
          mfaToken: 'mfa-token',
          mfaMethods: ['totp'],
        });
      }
      if (url === MFA_API.login) {
        bodies.push(JSON.parse(String(init?.body)));
        const [status, body] = codeReplies.shift() ?? [500, {}];
        return Response.json(body, { status });
      }
      if (url === MFA_API.status) {
        return Response.json({ methods: [], recoveryCodesLeft: 0, required: true });
      }
      return Response.json({ success: true });
    }),
  );
  return bodies;
}

const signIn = async () => {
  await userEvent.type(screen.getByLabelText(PORTAL_LABELS.username), 'ann@example.com');
  await userEvent.type(screen.getByLabelText(PORTAL_LABELS.password), 'Secret123');
  await userEvent.click(screen.getByRole('button', { name: PORTAL_LABELS.login }));
};

describe('login second step', () => {
  it('asks for the code after the password, shows a wrong one under the field, and signs in with the right one', async () => {
    const token = makeToken();
    const bodies = stubBackend([
      [401, { code: ERROR_CODE.invalidCredentials, message: MFA_TEXT.wrongCode }],
      [200, { success: true, enabled: true, token }],
    ]);
    renderWithProviders(<AppRoutes />, ROUTES.login);
    await signIn();

    const code = await screen.findByLabelText(MFA_TEXT.codeLabel);
    expect(screen.getByText(MFA_TEXT.enterCode)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY.token)).toBeNull();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: MFA_TEXT.verify }));
    expect(await screen.findByText(MFA_TEXT.wrongCode)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(MFA_TEXT.codeLabel), '654 321');
    await userEvent.click(screen.getByRole('button', { name: MFA_TEXT.verify }));
    expect(
      await screen.findByRole('heading', { name: HOME_TEXT.selectCompanyAndStore }, HOME_WAIT),
    ).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY.token)).toBe(token);
    expect(bodies).toEqual([
      { mfaToken: 'mfa-token', code: '123456' },
      { mfaToken: 'mfa-token', code: '654321' },
    ]);
  });

  it('takes a recovery code instead, and refuses a malformed code without calling', async () => {
    const bodies = stubBackend([[200, { success: true, enabled: true, token: makeToken() }]]);
    renderWithProviders(<AppRoutes />, ROUTES.login);
    await signIn();
    await userEvent.click(await screen.findByRole('button', { name: MFA_TEXT.useRecoveryCode }));
    expect(screen.getByText(MFA_TEXT.enterRecoveryCode)).toBeInTheDocument();
    const field = screen.getByLabelText(MFA_TEXT.recoveryCodeLabel);
    await userEvent.type(field, 'nope');
    await userEvent.click(screen.getByRole('button', { name: MFA_TEXT.verify }));
    expect(
      await screen.findByText('must be a 6-digit code or a recovery code'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'abcde-fghij');
    await userEvent.click(screen.getByRole('button', { name: MFA_TEXT.verify }));
    await screen.findByRole('heading', { name: HOME_TEXT.selectCompanyAndStore }, HOME_WAIT);
    expect(bodies).toEqual([{ mfaToken: 'mfa-token', code: 'ABCDEFGHIJ' }]);
  });

  it('goes back to the password when the sign-in took too long', async () => {
    stubBackend([[401, { code: ERROR_CODE.unauthenticated, message: MFA_TEXT.expired }]]);
    renderWithProviders(<AppRoutes />, ROUTES.login);
    await signIn();
    await userEvent.type(await screen.findByLabelText(MFA_TEXT.codeLabel), '123456');
    await userEvent.click(screen.getByRole('button', { name: MFA_TEXT.verify }));
    expect(await screen.findByLabelText(PORTAL_LABELS.password)).toBeInTheDocument();
  });

  it('leads an enrolment-only sign-in to the set-up screen, and keeps it there', async () => {
    stubBackend([]);
    localStorage.setItem(STORAGE_KEY.token, makeToken({ mfaEnrolment: true }));
    renderWithProviders(<AppRoutes />, ROUTES.home);
    expect(await screen.findByRole('heading', { name: MFA_TEXT.enrolTitle })).toBeInTheDocument();
    expect(screen.getByText(MFA_TEXT.enrolNote)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: MFA_TEXT.setUp })).toBeInTheDocument();
    expect(screen.queryByText(HOME_TEXT.selectCompanyAndStore)).not.toBeInTheDocument();
  });
});
