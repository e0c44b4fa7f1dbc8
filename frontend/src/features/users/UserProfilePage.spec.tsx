/** The profile's password change: live checks, Save only when valid, 'Current password error'. */
import {
  ADMIN_API,
  ERROR_CODE,
  ROUTES,
  USER_ADMIN_LABELS as L,
  USERS_TEXT,
  VALIDATION,
} from '@store-cloud/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/AppRoutes';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import de from '../../i18n/de/users';
import { initI18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const saveButton = () => screen.queryByRole('button', { name: L.save });

describe('UserProfilePage', () => {
  it('checks while typing from 8 characters and on leaving the field', async () => {
    localStorage.setItem(STORAGE_KEY.token, makeToken({ name: 'me@example.com' }));
    renderWithProviders(<AppRoutes />, ROUTES.userProfile);
    await userEvent.click(screen.getByRole('button', { name: USERS_TEXT.changePassword }));

    await userEvent.type(field(L.newPassword), 'abcdefg');
    expect(screen.queryByText(VALIDATION.passwordNumber)).toBeNull();
    await userEvent.type(field(L.newPassword), 'h');
    expect(await screen.findByText(VALIDATION.passwordNumber)).toBeInTheDocument();

    await userEvent.clear(field(L.newPassword));
    await userEvent.type(field(L.newPassword), 'Ab1');
    fireEvent.blur(field(L.newPassword));
    expect(await screen.findByText(VALIDATION.passwordLength)).toBeInTheDocument();
  });

  it("shows Save only when all three are good, and 'Current password error' from the backend", async () => {
    const fetchStub = vi.fn(async () =>
      Response.json(
        { code: ERROR_CODE.validation, message: VALIDATION.currentPasswordError },
        { status: 400 },
      ),
    );
    vi.stubGlobal('fetch', fetchStub);
    localStorage.setItem(STORAGE_KEY.token, makeToken({ name: 'me@example.com' }));
    renderWithProviders(<AppRoutes />, ROUTES.userProfile);
    expect(screen.getByRole('heading', { name: 'me@example.com' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: USERS_TEXT.changePassword }));

    await userEvent.type(field(L.newPassword), 'Newpass12');
    await userEvent.type(field(L.verifyPassword), 'Newpass13');
    expect(await screen.findByText(VALIDATION.verifyMismatch)).toBeInTheDocument();
    await userEvent.clear(field(L.verifyPassword));
    await userEvent.type(field(L.verifyPassword), 'Newpass12');
    expect(saveButton()).toBeNull();
    await userEvent.type(field(L.currentPassword), 'Wrong-1');
    await waitFor(() => expect(saveButton()).not.toBeNull());

    await userEvent.click(saveButton()!);
    expect(await screen.findByText(VALIDATION.currentPasswordError)).toBeInTheDocument();
    expect(field(L.currentPassword)).toHaveValue('');
    expect(fetchStub).toHaveBeenCalledWith(
      ADMIN_API.changePassword,
      expect.objectContaining({
        method: 'PATCH',
        body: JSON.stringify({
          username: 'me@example.com',
          currentPassword: 'Wrong-1',
          newPassword: 'Newpass12',
        }),
      }),
    );
  });

  it('speaks German once chosen: labels, the contract checks and the backend refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { code: ERROR_CODE.validation, message: VALIDATION.currentPasswordError },
          { status: 400 },
        ),
      ),
    );
    initI18n('de');
    localStorage.setItem(STORAGE_KEY.token, makeToken({ name: 'me@example.com' }));
    renderWithProviders(<AppRoutes />, ROUTES.userProfile);
    await userEvent.click(screen.getByRole('button', { name: de.users.changePassword }));

    await userEvent.type(field(de.admin.newPassword), 'Ab1');
    fireEvent.blur(field(de.admin.newPassword));
    expect(await screen.findByText(de.validation.passwordLength)).toBeInTheDocument();
    expect(screen.queryByText(VALIDATION.passwordLength)).toBeNull();

    await userEvent.clear(field(de.admin.newPassword));
    await userEvent.type(field(de.admin.newPassword), 'Newpass12');
    await userEvent.type(field(de.admin.verifyPassword), 'Newpass12');
    await userEvent.type(field(de.admin.currentPassword), 'Wrong-1');
    await userEvent.click(await screen.findByRole('button', { name: de.admin.save }));
    expect(await screen.findByText(de.validation.currentPasswordError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: de.mfa.section })).toBeInTheDocument();
  });
});
