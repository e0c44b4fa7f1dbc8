/**
 * The Companies screen's list rules with the cloud's replies stubbed; saving and editing against
 * the real backend is covered by e2e/tests/companies-edit.spec.ts.
 */
import {
  COMPANY_LABELS,
  COMPANIES_TEXT,
  COMPANY_API,
  COMPANY_REMOVAL_TEXT,
  ERROR_CODE,
  type IntegrationCompany,
  PORTAL_LABELS,
  ROUTES,
  TOAST,
  USER_TYPE,
  type UserTypeName,
} from '@store-cloud/contracts';
import { act, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../../app/AppProviders';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { CompaniesPage } from './CompaniesPage';

const CLOUD = [
  { companyId: 101, companyName: 'Northway Fuels' },
  { companyId: 202, companyName: 'Sunrise Convenience' },
];
const CONNECTED: IntegrationCompany[] = [
  { ...CLOUD[0]!, stores: [], mediaFileLimit: 20, tagLimit: 10 },
];

function cloud() {
  const calls: Array<{ url: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const body =
        url === COMPANY_API.companies
          ? CLOUD
          : url === COMPANY_API.updateIntegrationCompanies
            ? { added: [] }
            : CONNECTED;
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return calls;
}

function open(usertype: UserTypeName) {
  localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype, all: true }));
  renderWithProviders(<CompaniesPage />, ROUTES.companies);
}

describe('CompaniesPage', () => {
  it('asks before leaving with the list changed and not saved', async () => {
    cloud();
    localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN, all: true }));
    const router = createMemoryRouter(
      [
        { path: ROUTES.companies, element: <CompaniesPage /> },
        { path: ROUTES.home, element: <h1>Home screen</h1> },
      ],
      { initialEntries: [ROUTES.companies] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const available = await screen.findByRole('list', { name: COMPANIES_TEXT.available });
    await userEvent.click(within(available).getByText('202 - Sunrise Convenience'));
    await act(() => router.navigate(ROUTES.home));
    const T = PORTAL_LABELS.unsavedChanges;
    expect(await screen.findByRole('dialog', { name: T.title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.stay }));
    expect(router.state.location.pathname).toBe(ROUTES.companies);
  });

  it('moves a company in with a click and out with a double click, then saves the list', async () => {
    const calls = cloud();
    open(USER_TYPE.ADMIN);
    const available = await screen.findByRole('list', { name: COMPANIES_TEXT.available });
    const current = screen.getByRole('list', { name: COMPANIES_TEXT.current });
    await userEvent.click(within(available).getByText('202 - Sunrise Convenience'));
    expect(within(available).getByText(COMPANIES_TEXT.noCompanies)).toBeInTheDocument();
    await userEvent.dblClick(within(current).getByText('101 - Northway Fuels'));
    expect(within(available).getByText('101 - Northway Fuels')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TOAST.saveCompanies.success)).toBeInTheDocument();
    expect(calls.find((c) => c.url === COMPANY_API.integrationCompanies && c.body)?.body).toEqual({
      companies: [{ companyId: 202, companyName: 'Sunrise Convenience' }],
    });
  });

  it('asks before removing a configured company, then resends with the confirmation', async () => {
    const calls: Array<{ url: string; body?: { confirmRemoval?: number[] } }> = [];
    const lost = '101 - Northway Fuels: media folder "northway", 2 media schedules';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ url, body });
        if (url === COMPANY_API.companies) return new Response(JSON.stringify(CLOUD));
        if (body && !body.confirmRemoval) {
          const refusal = {
            code: ERROR_CODE.confirmationRequired,
            message: 'confirm',
            issues: [{ path: '101', message: lost }],
          };
          return new Response(JSON.stringify(refusal), { status: 409 });
        }
        return new Response(JSON.stringify(body ? [] : CONNECTED));
      }),
    );
    open(USER_TYPE.ADMIN);
    const current = await screen.findByRole('list', { name: COMPANIES_TEXT.current });
    await userEvent.dblClick(within(current).getByText('101 - Northway Fuels'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: COMPANY_REMOVAL_TEXT.title });
    expect(within(dialog).getByText(lost)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: COMPANY_REMOVAL_TEXT.yes }));
    expect(await screen.findByText(TOAST.saveCompanies.success)).toBeInTheDocument();
    const posts = calls.filter((c) => c.url === COMPANY_API.integrationCompanies && c.body);
    expect(posts.map((c) => c.body?.confirmRemoval)).toEqual([undefined, [101]]);
  });

  it('does not let SUPPORT-ADMIN remove a company, and says why', async () => {
    cloud();
    open(USER_TYPE.SUPPORT_ADMIN);
    const current = await screen.findByRole('list', { name: COMPANIES_TEXT.current });
    await userEvent.dblClick(within(current).getByText('101 - Northway Fuels'));
    expect(within(current).getByText('101 - Northway Fuels')).toBeInTheDocument();
    expect(
      await screen.findByText(COMPANY_LABELS.removeNotAllowed('Northway Fuels')),
    ).toBeInTheDocument();
  });

  it('says when Update EvoConnect Sites finds no new stores', async () => {
    cloud();
    open(USER_TYPE.ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: COMPANIES_TEXT.updateSites }));
    expect(await screen.findByText(TOAST.updateSites.noNewStores)).toBeInTheDocument();
  });
});
