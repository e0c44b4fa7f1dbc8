/**
 * Site credentials for a store the server refuses (a store switched on but not saved yet): the
 * spec's failure text leads, and the server's reason follows, in the toast and in the modal.
 */
import {
  ADMIN_API,
  ERROR_CODE,
  saveUserSiteCredentialsRequestSchema,
  TOAST,
  USER_ADMIN_LABELS as L,
  USERS_TEXT,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SiteCredentialsModal } from './SiteCredentialsModal';

const REASON = 'The user has no access to this store';
const USER = { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', username: 'u@example.com' };

/** The backend saving site credentials; every call's path, method and body. */
function backend() {
  const calls: { url: string; method?: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method, body: init?.body && JSON.parse(String(init.body)) });
      return url === ADMIN_API.saveUserSiteCredentials
        ? Response.json({ companyId: 101, storeId: 3, username: 'manager', passwordSet: true })
        : Response.json([]);
    }),
  );
  return calls;
}

describe('SiteCredentialsModal', () => {
  it("shows the server's reason when it refuses the credentials", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === ADMIN_API.saveUserSiteCredentials
          ? Response.json({ code: ERROR_CODE.forbidden, message: REASON }, { status: 403 })
          : Response.json([]),
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <SiteCredentialsModal
        user={{ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', username: 'u@example.com' }}
        store={{ companyId: 101, storeId: 3 }}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: USERS_TEXT.siteCredentialsTitle(3) });
    await userEvent.type(within(dialog).getByLabelText(L.siteUsername), 'manager');
    await userEvent.click(within(dialog).getByRole('button', { name: L.save }));
    expect(
      await screen.findByText(`${TOAST.siteCredentials.error}: ${REASON}`),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(REASON)).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the user name and password typed for the store, and closes', async () => {
    const calls = backend();
    const onClose = vi.fn();
    renderWithProviders(
      <SiteCredentialsModal
        user={USER}
        store={{ companyId: 101, storeId: 3 }}
        current={{ companyId: 101, storeId: 3, username: 'old', passwordSet: true }}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: USERS_TEXT.siteCredentialsTitle(3) });
    const username = within(dialog).getByLabelText(L.siteUsername);
    const password = within(dialog).getByLabelText(L.sitePassword);
    expect(username).toHaveValue('old');
    expect(password).toHaveAttribute('placeholder', L.passwordSetPlaceholder);
    await userEvent.clear(username);
    await userEvent.type(username, 'manager');
    await userEvent.type(password, 'Site-Secret-77');
    await userEvent.click(within(dialog).getByRole('button', { name: L.save }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      {
        url: ADMIN_API.saveUserSiteCredentials,
        method: 'PATCH',
        body: {
          username: USER.username,
          company: 101,
          sitecredentials: { storeId: 3, username: 'manager', password: 'Site-Secret-77' },
        },
      },
    ]);
  });

  it('refuses a user name longer than the backend takes, without a call', async () => {
    const calls = backend();
    renderWithProviders(
      <SiteCredentialsModal user={USER} store={{ companyId: 101, storeId: 3 }} onClose={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: USERS_TEXT.siteCredentialsTitle(3) });
    const username = within(dialog).getByLabelText(L.siteUsername);
    await userEvent.click(username);
    await userEvent.paste('x'.repeat(201));
    await userEvent.click(within(dialog).getByRole('button', { name: L.save }));
    const tooLong =
      saveUserSiteCredentialsRequestSchema.shape.sitecredentials.shape.username.safeParse(
        'x'.repeat(201),
      ).error?.issues[0]?.message;
    expect(username).toHaveClass('is-invalid');
    expect(within(dialog).getByText(tooLong!)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });
});
