/** The profile's Two-step sign-in (issue 27): set up with QR and key, codes shown once, off. */
import { MFA_API, MFA_TEXT, ROUTES, type MfaStatus } from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/AppRoutes';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';

const CODES = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`);
const QR = 'data:image/png;base64,iVBORw0KGgo=';

/** A backend keeping the caller's status: confirm turns TOTP on, disable off. */
function stubBackend(status: MfaStatus) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as { code?: string }) : {};
      calls.push(`${init?.method ?? 'GET'} ${url} ${body.code ?? ''}`.trim());
      if (url === MFA_API.status) return Response.json(status);
      if (url === MFA_API.totpStart)
        return Response.json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/x',
          qrCode: QR,
        });
      if (url === MFA_API.totpConfirm) {
        if (body.code !== '123456')
          return Response.json(
            { code: 'VALIDATION_FAILED', message: MFA_TEXT.wrongCode },
            { status: 400 },
          );
        Object.assign(status, { methods: ['totp'], recoveryCodesLeft: 10 });
        return Response.json({ recoveryCodes: CODES });
      }
      if (url === MFA_API.totpDisable) {
        Object.assign(status, { methods: [], recoveryCodesLeft: 0 });
        return Response.json(status);
      }
      return Response.json([]);
    }),
  );
  return calls;
}

const openSection = async () => {
  localStorage.setItem(STORAGE_KEY.token, makeToken());
  renderWithProviders(<AppRoutes />, ROUTES.userProfile);
  await userEvent.click(await screen.findByRole('button', { name: MFA_TEXT.section }));
};

describe('TwoStepSignIn', () => {
  it('sets up the authenticator app: QR and key, a wrong code refused, then the recovery codes once', async () => {
    const calls = stubBackend({ methods: [], recoveryCodesLeft: 0, required: false });
    await openSection();
    expect(await screen.findByText(MFA_TEXT.off)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: MFA_TEXT.setUp }));

    expect(await screen.findByRole('img', { name: MFA_TEXT.qrAlt })).toHaveAttribute('src', QR);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await userEvent.type(screen.getByLabelText(MFA_TEXT.codeLabel), '000000');
    await userEvent.click(screen.getByRole('button', { name: MFA_TEXT.confirm }));
    expect(await screen.findByText(MFA_TEXT.wrongCode)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(MFA_TEXT.codeLabel), '123456');
    await userEvent.click(screen.getByRole('button', { name: MFA_TEXT.confirm }));
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('button', { name: MFA_TEXT.download })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MFA_TEXT.copy })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: MFA_TEXT.done }));
    expect(await screen.findByText(MFA_TEXT.on)).toBeInTheDocument();
    expect(screen.getByText(MFA_TEXT.recoveryCodesLeft(10))).toBeInTheDocument();
    expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
    expect(calls).toContain(`POST ${MFA_API.totpConfirm} 123456`);
  });

  it('turns it off with a code', async () => {
    const calls = stubBackend({ methods: ['totp'], recoveryCodesLeft: 7, required: false });
    await openSection();
    expect(await screen.findByText(MFA_TEXT.recoveryCodesLeft(7))).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(MFA_TEXT.disableCodeLabel), '246810');
    await userEvent.click(screen.getByRole('button', { name: MFA_TEXT.disable }));
    expect(await screen.findByText(MFA_TEXT.off)).toBeInTheDocument();
    expect(calls).toContain(`POST ${MFA_API.totpDisable} 246810`);
  });

  it('offers no turning off when the account type requires it and TOTP is the only factor', async () => {
    stubBackend({ methods: ['totp'], recoveryCodesLeft: 10, required: true });
    await openSection();
    expect(await screen.findByText(MFA_TEXT.requiredNote)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MFA_TEXT.disable })).not.toBeInTheDocument();
  });
});
