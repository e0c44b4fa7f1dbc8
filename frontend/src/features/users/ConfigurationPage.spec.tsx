/** Configuration: a click moves a company between the lists; saving saves the user and edits it. */
import {
  ADMIN_API,
  COMPANY_API,
  ROUTES,
  USER_ADMIN_LABELS as L,
  USER_TYPE,
  type UserView,
  USERS_TEXT,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { ConfigurationPage } from './ConfigurationPage';

const USER: UserView = {
  _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  username: 'config@example.com',
  name: 'config@example.com',
  usertype: USER_TYPE.BASIC,
  enabled: true,
  access: {
    all: false,
    companies: [{ companyId: 102, companyName: 'Second Co', stores: [] }],
  },
  applications: [],
};
const COMPANIES = [
  { companyId: 101, companyName: 'First Co' },
  { companyId: 102, companyName: 'Second Co' },
  { companyId: 103, companyName: 'Third Co' },
];

function EditProbe() {
  const state = useLocation().state as { user: UserView };
  return <p>editing {state.user.access.companies.map((c) => c.companyId).join(',')}</p>;
}

describe('ConfigurationPage', () => {
  it('moves companies by click, searches from 3 characters, saves and goes on to edit', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === COMPANY_API.companies) return Response.json(COMPANIES);
        if (url === ADMIN_API.saveUserChanges) {
          const body = JSON.parse(String(init?.body)) as { userdata: Partial<UserView> };
          bodies.push(body);
          return Response.json({ ...USER, ...body.userdata });
        }
        return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path={ROUTES.configurationOf(':id')} element={<ConfigurationPage />} />
        <Route path={ROUTES.editUserOf(':id')} element={<EditProbe />} />
      </Routes>,
      { pathname: ROUTES.configurationOf(USER._id), state: { user: USER, users: [USER] } },
    );
    const available = () => screen.getByText(USERS_TEXT.companiesAvailable).closest('.card')!;
    const selected = () => screen.getByText(USERS_TEXT.companiesSelected).closest('.card')!;

    await screen.findByText(USERS_TEXT.companiesAvailable);
    expect(within(available() as HTMLElement).getByText('First Co (101)')).toBeInTheDocument();
    expect(within(selected() as HTMLElement).getByText('Second Co (102)')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(L.search), 'Th');
    expect(within(available() as HTMLElement).getByText('First Co (101)')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(L.search), 'i');
    expect(within(available() as HTMLElement).queryByText('First Co (101)')).toBeNull();
    await userEvent.click(within(available() as HTMLElement).getByText('Third Co (103)'));
    await userEvent.clear(screen.getByLabelText(L.search));
    await userEvent.click(within(selected() as HTMLElement).getByText('Second Co (102)'));
    expect(within(available() as HTMLElement).getByText('Second Co (102)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: USERS_TEXT.saveSelectedCompanies }));
    expect(await screen.findByText('editing 103')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        userdata: {
          _id: USER._id,
          usertype: USER.usertype,
          enabled: true,
          access: {
            all: false,
            companies: [{ companyId: 103, companyName: 'Third Co', stores: [] }],
          },
          applications: [],
        },
      },
    ]);
  });

  it('survives a reload: the user comes from the list by the id in the address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === COMPANY_API.companies) return Response.json(COMPANIES);
        if (url === ADMIN_API.users) return Response.json([USER]);
        return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path={ROUTES.configurationOf(':id')} element={<ConfigurationPage />} />
        <Route path={ROUTES.users} element={<p>users list</p>} />
      </Routes>,
      ROUTES.configurationOf(USER._id),
    );
    const selected = await screen.findByText(USERS_TEXT.companiesSelected);
    expect(
      within(selected.closest('.card') as HTMLElement).getByText('Second Co (102)'),
    ).toBeInTheDocument();
  });

  it('offers a company-limited administrator only its own companies', async () => {
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN, all: false }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === COMPANY_API.companies) return Response.json(COMPANIES);
        if (url === COMPANY_API.companiesForUser)
          return Response.json([{ companyId: 101, companyName: 'First Co', stores: [] }]);
        return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path={ROUTES.configuration} element={<ConfigurationPage />} />
      </Routes>,
      { pathname: ROUTES.configuration, state: { user: USER, users: [USER] } },
    );
    expect(await screen.findByText('First Co (101)')).toBeInTheDocument();
    expect(screen.queryByText('Third Co (103)')).toBeNull();
  });
});
