/**
 * Edit user's own behaviour with the backend's replies stubbed: the type group offers only types
 * up to the caller's, access-all hides the companies accordion, the applications' empty text, and
 * the password Save that appears only once both passwords are good.
 */
import {
  ADMIN_API,
  COMPANY_API,
  PORTAL_LABELS,
  ROUTES,
  USER_ADMIN_LABELS as L,
  USER_TYPE,
  type UserView,
  USERS_TEXT,
} from '@store-cloud/contracts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type InitialEntry, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { EditUserPage } from './EditUserPage';

const USER: UserView = {
  _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  username: 'edited@example.com',
  name: 'edited@example.com',
  usertype: USER_TYPE.BASIC,
  enabled: false,
  access: { all: false, companies: [] },
  applications: [],
};

function renderEdit(callerType: UserView['usertype'], apps: unknown[], all = true) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === ADMIN_API.apps) return Response.json(apps);
      if (url === COMPANY_API.retailStores) return Response.json([]);
      if (url.startsWith(ADMIN_API.userSiteCredentials)) return Response.json([]);
      if (url === COMPANY_API.companiesForUser) return Response.json([]);
      return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
    }),
  );
  localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: callerType, all }));
  renderPage({ pathname: ROUTES.editUserOf(USER._id), state: { user: USER, users: [USER] } });
}

/** Edit user, and the users list it goes back to, starting at `path`. */
function renderPage(path: InitialEntry) {
  renderWithProviders(
    <Routes>
      <Route path={ROUTES.editUser} element={<EditUserPage />} />
      <Route path={ROUTES.editUserOf(':id')} element={<EditUserPage />} />
      <Route path={ROUTES.users} element={<p>users list</p>} />
    </Routes>,
    path,
  );
}

describe('EditUserPage', () => {
  it('heads the form New User for a new user and Edit User for an existing one', async () => {
    renderEdit(USER_TYPE.ADMIN, []);
    expect(
      await screen.findByRole('heading', { name: PORTAL_LABELS.editUserTitle }),
    ).toBeInTheDocument();
    cleanup();
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN }));
    renderPage({ pathname: ROUTES.editUser, state: { newUser: true, users: [USER] } });
    expect(
      await screen.findByRole('heading', { name: PORTAL_LABELS.newUserTitle }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: PORTAL_LABELS.editUserTitle })).toBeNull();
  });

  it('survives a reload: the user comes from the list by the id in the address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === ADMIN_API.users) return Response.json([USER]);
        if (url === ADMIN_API.apps || url === COMPANY_API.retailStores) return Response.json([]);
        if (url.startsWith(ADMIN_API.userSiteCredentials)) return Response.json([]);
        return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
      }),
    );
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN }));
    renderPage(ROUTES.editUserOf(USER._id));
    expect(await screen.findByText(USER.username)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: USER_TYPE.BASIC })).toBeChecked();
  });

  it('goes back to the list for an id no user has', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === ADMIN_API.users
          ? Response.json([USER])
          : Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 }),
      ),
    );
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN }));
    renderPage(ROUTES.editUserOf('bbbbbbbbbbbbbbbbbbbbbbbb'));
    expect(await screen.findByText('users list')).toBeInTheDocument();
  });

  it('offers a SUPPORT-ADMIN only BASIC and SUPPORT-ADMIN, never TLM', async () => {
    renderEdit(USER_TYPE.SUPPORT_ADMIN, []);
    const offered = screen.getAllByRole('radio').map((r) => r.getAttribute('value'));
    expect(offered).toEqual([USER_TYPE.BASIC, USER_TYPE.SUPPORT_ADMIN]);
    expect(screen.getByRole('radio', { name: USER_TYPE.BASIC })).toBeChecked();
  });

  it('hides the companies accordion when access-all is on, and shows the empty applications text', async () => {
    renderEdit(USER_TYPE.ADMIN, []);
    expect(screen.getByRole('button', { name: USERS_TEXT.allowedCompanies })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(USERS_TEXT.accessAll));
    expect(screen.queryByRole('button', { name: USERS_TEXT.allowedCompanies })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: USERS_TEXT.allowedApplications }));
    expect(await screen.findByText(USERS_TEXT.noApplications)).toBeInTheDocument();
  });

  it('offers a company-limited administrator no access to all companies', async () => {
    renderEdit(USER_TYPE.ADMIN, [], false);
    expect(screen.getByRole('button', { name: USERS_TEXT.allowedCompanies })).toBeInTheDocument();
    expect(screen.queryByLabelText(USERS_TEXT.accessAll)).toBeNull();
  });

  it('lists system and site applications apart', async () => {
    renderEdit(USER_TYPE.ADMIN, [
      { name: 'Message Manager', systemApp: true, siteApp: false },
      { name: 'evoBOS', systemApp: false, siteApp: true },
    ]);
    await userEvent.click(screen.getByRole('button', { name: USERS_TEXT.allowedApplications }));
    expect(await screen.findByText(USERS_TEXT.systemApplications)).toBeInTheDocument();
    expect(screen.getByText(USERS_TEXT.siteApplications)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'evoBOS' })).not.toBeChecked();
  });

  it('shows Save New Password only when both passwords are good', async () => {
    renderEdit(USER_TYPE.ADMIN, []);
    await userEvent.click(screen.getByRole('button', { name: USERS_TEXT.changePassword }));
    const save = () => screen.queryByRole('button', { name: USERS_TEXT.saveNewPassword });
    await userEvent.type(screen.getByLabelText(L.newPassword), 'Newpass12');
    expect(save()).toBeNull();
    await userEvent.type(screen.getByLabelText(L.verifyPassword), 'Newpass12');
    expect(save()).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: USERS_TEXT.cancelPasswordChange }));
    expect(save()).toBeNull();
    expect(screen.getByLabelText(L.newPassword)).toHaveValue('');
  });

  it('goes back to the list without navigation state', () => {
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN }));
    renderPage(ROUTES.editUser);
    expect(screen.getByText('users list')).toBeInTheDocument();
  });
});
