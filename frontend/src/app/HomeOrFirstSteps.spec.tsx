import { COMPANY_API, PORTAL_LABELS, USER_TYPE } from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../auth/session-storage';
import { makeToken } from '../test/make-token';
import { renderWithProviders } from '../test/render';
import { HomeOrFirstSteps } from './HomeOrFirstSteps';

describe('HomeOrFirstSteps', () => {
  it('tells an enabled user without companies what they need and which user types can give it', async () => {
    localStorage.setItem(STORAGE_KEY.token, makeToken());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === COMPANY_API.companiesForUser
          ? Response.json([])
          : Response.json({ code: 'NOT_FOUND', message: 'no' }, { status: 404 }),
      ),
    );
    renderWithProviders(<HomeOrFirstSteps />);
    expect(
      await screen.findByRole('heading', { name: PORTAL_LABELS.firstSteps.title, level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText(PORTAL_LABELS.firstSteps.noCompanies)).toBeInTheDocument();
    expect(screen.getByText(PORTAL_LABELS.firstSteps.companies)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(USER_TYPE.SUPER_ADMIN))).toBeInTheDocument();
  });
});
