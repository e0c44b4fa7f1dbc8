import {
  API_TOKEN_API,
  API_TOKEN_SCOPE_LABEL,
  API_TOKENS_TEXT,
  type ApiToken,
  apiTokenPath,
  USER_TYPE,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { fakeCloud } from '../../test/fake-cloud';
import { ApiTokensPage } from './ApiTokensPage';

const T = API_TOKENS_TEXT;
const AT = '2026-11-26T09:00:00.000Z';
const TOKEN: ApiToken = {
  id: '665000000000000000000aaa',
  name: 'Stock sync',
  hint: 'sc_AbCd…',
  scopes: ['home', 'status'],
  companies: [101],
  createdBy: 'admin@storecloud.local',
  createdAt: AT,
  expiresAt: '2099-01-01T00:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

beforeEach(() =>
  localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true, usertype: USER_TYPE.ADMIN })),
);

describe('ApiTokensPage', { timeout: 20_000 }, () => {
  it('lists tokens with their scopes and last use, and shows the empty state', async () => {
    fakeCloud({ [`GET ${API_TOKEN_API.list}`]: () => [TOKEN] });
    const { unmount } = renderWithProviders(<ApiTokensPage />);
    const table = await screen.findByRole('table', { name: T.heading });
    expect(table).toHaveTextContent('Stock sync');
    expect(table).toHaveTextContent('sc_AbCd…');
    expect(table).toHaveTextContent(API_TOKEN_SCOPE_LABEL.status);
    expect(table).toHaveTextContent(T.never);
    unmount();
    fakeCloud({ [`GET ${API_TOKEN_API.list}`]: () => [] });
    renderWithProviders(<ApiTokensPage />);
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });

  it('creates a token for chosen companies and shows it once', { timeout: 30_000 }, async () => {
    const calls = fakeCloud({
      [`GET ${API_TOKEN_API.list}`]: () => [],
      [`POST ${API_TOKEN_API.list}`]: ({ body }) => ({
        ...TOKEN,
        ...(body as object),
        token: 'sc_shown_once_token_value',
      }),
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<ApiTokensPage />);
    await screen.findByText(T.empty);
    await userEvent.click(screen.getByRole('button', { name: T.create }));
    const form = await screen.findByRole('dialog', { name: T.create });
    // Nothing chosen: the contract's schema says what is missing, and nothing is sent.
    await userEvent.click(within(form).getByRole('button', { name: T.submit }));
    expect(await within(form).findByText('Name is required')).toBeVisible();
    expect(within(form).getByText('Choose at least one scope')).toBeVisible();
    // An ADMIN is offered no system backup scope (SUPER-ADMIN only).
    expect(within(form).queryByLabelText(API_TOKEN_SCOPE_LABEL.backup)).toBeNull();
    await userEvent.type(within(form).getByLabelText(T.name), 'Stock sync');
    await userEvent.click(within(form).getByLabelText(API_TOKEN_SCOPE_LABEL.status));
    await userEvent.click(within(form).getByLabelText(T.allCompanies));
    await userEvent.click(within(form).getByLabelText('Northway Fuels (101)'));
    await userEvent.click(within(form).getByRole('button', { name: T.submit }));

    const once = await screen.findByRole('dialog', { name: 'Stock sync' });
    expect(within(once).getByLabelText(T.hint)).toHaveValue('sc_shown_once_token_value');
    await userEvent.click(within(once).getByRole('button', { name: T.copy }));
    expect(writeText).toHaveBeenCalledWith('sc_shown_once_token_value');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Stock sync',
      scopes: ['status'],
      companies: [101],
      expiresInDays: 90,
    });
  });

  it('revokes a token after a confirmation', async () => {
    const calls = fakeCloud({
      [`GET ${API_TOKEN_API.list}`]: () => [TOKEN],
      [`DELETE ${apiTokenPath(TOKEN.id)}`]: () => ({ success: true }),
    });
    renderWithProviders(<ApiTokensPage />);
    const table = await screen.findByRole('table', { name: T.heading });
    await userEvent.click(within(table).getByRole('button', { name: `${T.revoke} Stock sync` }));
    const confirm = await screen.findByRole('dialog', { name: T.revoke });
    await userEvent.click(within(confirm).getByRole('button', { name: T.revoke }));
    expect(await screen.findByText(T.revokeDone)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
