import { TIME_ZONE_API, TIME_ZONE_TEXT } from '@store-cloud/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import companies from '../../i18n/de/companies';
import { initI18n } from '../../i18n/i18n';
import { CompanyTimeZone } from './CompanyTimeZone';

function cloud() {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path] = url.split('?') as [string];
      const reply = (value: unknown) => new Response(JSON.stringify(value), { status: 200 });
      if (path === TIME_ZONE_API.company && init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as { companyId: number; timeZone: string };
        puts.push(body);
        return reply({ companyId: body.companyId, timeZone: body.timeZone || null });
      }
      if (path === TIME_ZONE_API.company) return reply({ companyId: 101, timeZone: 'Europe/Oslo' });
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'no' }), { status: 404 });
    }),
  );
  return { puts };
}

afterEach(() => vi.unstubAllGlobals());

describe("A company's default time zone", () => {
  it('shows the saved one, refuses a name that is no IANA time zone, and saves a valid one', async () => {
    const { puts } = cloud();
    localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true }));
    renderWithProviders(<CompanyTimeZone companyId={101} />);
    const input = screen.getByLabelText(TIME_ZONE_TEXT.companyDefault);
    await waitFor(() => expect(input).toHaveValue('Europe/Oslo'), { timeout: 5000 });

    await userEvent.clear(input);
    await userEvent.type(input, 'Mars/Olympus');
    await userEvent.click(screen.getByRole('button', { name: TIME_ZONE_TEXT.save }));
    expect(await screen.findByText(TIME_ZONE_TEXT.invalid)).toBeVisible();
    expect(puts).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, 'America/New_York');
    await userEvent.click(screen.getByRole('button', { name: TIME_ZONE_TEXT.save }));
    await waitFor(() => expect(puts).toEqual([{ companyId: 101, timeZone: 'America/New_York' }]));
  });

  it('reads in German once chosen: its label, button and refusal', async () => {
    initI18n('de');
    const { puts } = cloud();
    localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true }));
    renderWithProviders(<CompanyTimeZone companyId={101} />);
    const input = screen.getByLabelText(companies.timeZone.companyDefault);
    await waitFor(() => expect(input).toHaveValue('Europe/Oslo'), { timeout: 5000 });
    expect(screen.getByText(companies.timeZone.companyHelp)).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, 'Mars/Olympus');
    await userEvent.click(screen.getByRole('button', { name: companies.timeZone.save }));
    expect(await screen.findByText(companies.timeZone.invalid)).toBeVisible();
    expect(screen.queryByText(TIME_ZONE_TEXT.invalid)).toBeNull();
    expect(puts).toEqual([]);
  });
});
