/**
 * Edit user's Save for an existing user: the body PATCH /admin/saveuserchanges receives (each
 * company with every store shown), and nothing sent while the contract's schema refuses the form.
 */
import {
  ADMIN_API,
  COMPANY_API,
  ROUTES,
  USER_ADMIN_LABELS as L,
  USER_TYPE,
  type UserView,
  USERS_TEXT,
} from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { EditUserPage } from './EditUserPage';

const USER: UserView = {
  _id: 'cccccccccccccccccccccccc',
  username: 'saved@example.com',
  name: 'saved@example.com',
  usertype: USER_TYPE.BASIC,
  enabled: false,
  access: {
    all: false,
    companies: [
      {
        companyId: 7,
        companyName: 'Seven Co',
        stores: [{ storeId: 1, storeName: 'One', enabled: true }],
      },
    ],
  },
  applications: ['Message Manager'],
};
const STORES = [
  { storeId: 1, storeName: 'One', companyId: 7, isActive: true },
  { storeId: 2, storeName: 'Two', companyId: 7, isActive: true },
];
/** The contract allows an application name of up to 200 characters. */
const LONG_APP = 'x'.repeat(201);

function renderEdit(user: UserView, apps: string[]) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === ADMIN_API.apps)
        return Response.json(apps.map((name) => ({ name, systemApp: true, siteApp: false })));
      if (url === COMPANY_API.retailStores) return Response.json(STORES);
      if (url.startsWith(ADMIN_API.userSiteCredentials)) return Response.json([]);
      if (url === COMPANY_API.companiesForUser) return Response.json([]);
      if (url === ADMIN_API.saveUserChanges) {
        const body = JSON.parse(String(init?.body)) as { userdata: Partial<UserView> };
        bodies.push(body);
        return Response.json({ ...user, ...body.userdata });
      }
      return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
    }),
  );
  localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN, all: true }));
  renderWithProviders(
    <Routes>
      <Route path={ROUTES.editUserOf(':id')} element={<EditUserPage />} />
      <Route path={ROUTES.users} element={<p>users list</p>} />
    </Routes>,
    { pathname: ROUTES.editUserOf(user._id), state: { user, users: [user] } },
  );
  return bodies;
}

describe('ExistingUserForm', () => {
  it('saves the type, enabled, stores and applications as edited, then goes back to the list', async () => {
    const bodies = renderEdit(USER, ['Message Manager', 'evoBOS']);
    await userEvent.click(screen.getByRole('radio', { name: USER_TYPE.SUPPORT_ADMIN }));
    await userEvent.click(screen.getByLabelText(L.enabled));
    await userEvent.click(await screen.findByRole('button', { name: 'Seven Co (7)' }));
    await userEvent.click(screen.getByLabelText('Two (2)'));
    await userEvent.click(screen.getByRole('button', { name: USERS_TEXT.allowedApplications }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Message Manager' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'evoBOS' }));
    await userEvent.click(screen.getByRole('button', { name: L.save }));

    expect(await screen.findByText('users list')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        userdata: {
          _id: USER._id,
          usertype: USER_TYPE.SUPPORT_ADMIN,
          enabled: true,
          access: {
            all: false,
            companies: [
              {
                companyId: 7,
                companyName: 'Seven Co',
                stores: [
                  { storeId: 1, storeName: 'One', enabled: true },
                  { storeId: 2, storeName: 'Two', enabled: true },
                ],
              },
            ],
          },
          applications: ['evoBOS'],
        },
      },
    ]);
  });

  it('saves a removed company as gone and a store never switched on as off', async () => {
    const bodies = renderEdit(
      {
        ...USER,
        access: {
          all: false,
          companies: [
            ...USER.access.companies,
            { companyId: 8, companyName: 'Eight Co', stores: [] },
          ],
        },
      },
      [],
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Eight Co (8)' }));
    await userEvent.click(screen.getByRole('button', { name: `${L.removeCompany} Eight Co` }));
    expect(screen.queryByRole('button', { name: 'Eight Co (8)' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: L.save }));

    expect(await screen.findByText('users list')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        userdata: {
          _id: USER._id,
          usertype: USER_TYPE.BASIC,
          enabled: false,
          applications: ['Message Manager'],
          access: {
            all: false,
            companies: [
              {
                companyId: 7,
                companyName: 'Seven Co',
                stores: [
                  { storeId: 1, storeName: 'One', enabled: true },
                  { storeId: 2, storeName: 'Two', enabled: false },
                ],
              },
            ],
          },
        },
      },
    ]);
  });

  it('sends nothing while the contract refuses the form, and saves once it is good', async () => {
    const bodies = renderEdit({ ...USER, applications: [LONG_APP] }, [LONG_APP]);
    const save = screen.getByRole('button', { name: L.save });
    expect(save).toBeDisabled();
    await userEvent.click(save);
    expect(bodies).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: USERS_TEXT.allowedApplications }));
    await userEvent.click(await screen.findByRole('checkbox', { name: LONG_APP }));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText('users list')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ userdata: { _id: USER._id, applications: [] } });
  });
});
