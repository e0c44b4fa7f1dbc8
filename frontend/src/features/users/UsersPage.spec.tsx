/**
 * The Users screen's own behaviour: filter, search from 3 characters, gating of edit and delete
 * by the caller's type, and the delete confirmation. fetch is stubbed with the backend's replies;
 * the network path is Playwright's.
 */
import {
  ADMIN_API,
  ROUTES,
  TABLE_LABELS,
  TOAST,
  USER_ADMIN_LABELS as L,
  USER_TYPE,
  type UserView,
  USERS_TEXT,
} from '@store-cloud/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/AppRoutes';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';

const user = (
  username: string,
  usertype: UserView['usertype'],
  extra: Partial<UserView> = {},
): UserView => ({
  _id: username.replace(/\W/g, '').padEnd(24, '0').slice(0, 24),
  username,
  name: username,
  usertype,
  enabled: true,
  access: { all: false, companies: [] },
  applications: [],
  ...extra,
});

const USERS = [
  user('alice@example.com', USER_TYPE.BASIC, { enabled: false }),
  user('bob@example.com', USER_TYPE.TLM),
  user('carol@example.com', USER_TYPE.ADMIN, { access: { all: true, companies: [] } }),
  user('dave@example.com', USER_TYPE.SUPPORT_ADMIN),
];

function stubBackend(list: UserView[] = USERS) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      if (url.startsWith(ADMIN_API.deleteUser)) return Response.json({ success: true });
      if (url === ADMIN_API.users) return Response.json(list);
      return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
    }),
  );
  return calls;
}

const rows = () => screen.getAllByTestId('user-row').map((r) => r.textContent ?? '');

describe('UsersPage', () => {
  it('filters by the dropdown and searches only from 3 characters', async () => {
    stubBackend();
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN }));
    renderWithProviders(<AppRoutes />, ROUTES.users);
    await waitFor(() => expect(rows()).toHaveLength(4));

    await userEvent.selectOptions(screen.getByLabelText(L.filter), 'Non-TLM');
    expect(rows().some((r) => r.includes('bob'))).toBe(false);
    await userEvent.selectOptions(screen.getByLabelText(L.filter), 'Disabled');
    expect(rows()).toEqual([expect.stringContaining('alice')]);
    await userEvent.selectOptions(screen.getByLabelText(L.filter), 'Access All');
    expect(rows()).toEqual([expect.stringContaining('carol')]);
    await userEvent.selectOptions(screen.getByLabelText(L.filter), 'All');

    await userEvent.type(screen.getByLabelText(L.search), 'da');
    expect(rows()).toHaveLength(4);
    await userEvent.type(screen.getByLabelText(L.search), 'v');
    expect(rows()).toEqual([expect.stringContaining('dave')]);
  });

  it('offers no delete to a SUPPORT-ADMIN', async () => {
    stubBackend();
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.SUPPORT_ADMIN }));
    renderWithProviders(<AppRoutes />, ROUTES.users);
    await screen.findByRole('button', { name: `${L.edit} alice@example.com` });
    expect(screen.queryByRole('button', { name: new RegExp(`^${L.delete}`) })).toBeNull();
    // No edit of a user above one's own type either.
    expect(screen.queryByRole('button', { name: `${L.edit} carol@example.com` })).toBeNull();
  });

  it('deletes only after Yes in the confirmation', async () => {
    const calls = stubBackend();
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.SUPER_ADMIN }));
    renderWithProviders(<AppRoutes />, ROUTES.users);
    await userEvent.click(
      await screen.findByRole('button', { name: `${L.delete} alice@example.com` }),
    );
    const dialog = await screen.findByRole('dialog', { name: L.deleteUserTitle });
    expect(dialog).toHaveTextContent(USERS_TEXT.confirmDelete('alice@example.com'));
    await userEvent.click(within(dialog).getByRole('button', { name: L.no }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: `${L.delete} alice@example.com` }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: L.yes }),
    );
    expect(await screen.findByText(TOAST.deleteUser.success)).toBeInTheDocument();
    expect(calls).toContainEqual({
      url: `${ADMIN_API.deleteUser}?userId=${USERS[0]!._id}`,
      method: 'DELETE',
    });
  });

  it('sorts by a column from its header and pages a long list, both kept in the URL', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      user(`user${String(i).padStart(2, '0')}@example.com`, USER_TYPE.BASIC),
    );
    stubBackend(many);
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN }));
    renderWithProviders(<AppRoutes />, `${ROUTES.users}?sort=-username`);
    await waitFor(() => expect(rows()).toHaveLength(20));
    // Descending from the URL; the header says so.
    expect(rows()[0]).toContain('user24');
    const header = screen.getByRole('button', { name: TABLE_LABELS.sortBy(L.username) });
    expect(header.closest('th')).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(header);
    expect(header.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(rows()[0]).toContain('user00');
    expect(screen.getByText(TABLE_LABELS.pageOf(1, 2))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: TABLE_LABELS.nextPage }));
    expect(rows()).toHaveLength(5);
    expect(rows()[0]).toContain('user20');
  });
});
