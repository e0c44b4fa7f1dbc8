import { BULK_ACTIONS_API, BULK_ACTIONS_TEXT, COMPANY_API } from '@store-cloud/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { SavedSelections } from './SavedSelections';

const SAVED = {
  id: 'c'.repeat(24),
  user: 'me',
  name: 'Night stores',
  companyIds: [101],
  tags: ['night'],
  online: 'online',
  createdAt: '2026-11-27T10:00:00.000Z',
};

function cloud() {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path] = url.split('?') as [string];
      const reply = (value: unknown, status = 200) =>
        new Response(JSON.stringify(value), { status });
      if (path === BULK_ACTIONS_API.selections && init?.method === 'POST') {
        posts.push(JSON.parse(init.body as string));
        return reply({ ...SAVED, id: 'd'.repeat(24) }, 201);
      }
      switch (path) {
        case BULK_ACTIONS_API.selections:
          return reply([SAVED]);
        case BULK_ACTIONS_API.selectionStores(SAVED.id):
          return reply([
            { companyId: 101, companyName: 'Northway Fuels', storeId: 3, storeName: 'Store 3' },
          ]);
        case COMPANY_API.companiesForUser:
          return reply([
            { companyId: 101, companyName: 'Northway Fuels', stores: [] },
            { companyId: 202, companyName: 'Sunrise', stores: [] },
          ]);
      }
      return reply({ code: 'NOT_FOUND', message: 'no' }, 404);
    }),
  );
  return { posts };
}

afterEach(() => vi.unstubAllGlobals());

describe('Saved selections', () => {
  it('saves companies, tags and the online state from the form', async () => {
    const { posts } = cloud();
    localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true }));
    renderWithProviders(<SavedSelections />);
    expect(await screen.findByText('Night stores')).toBeVisible();
    await userEvent.type(screen.getByLabelText(BULK_ACTIONS_TEXT.selectionName), 'Promo');
    await userEvent.click(await screen.findByLabelText('Sunrise (202)'));
    await userEvent.type(screen.getByLabelText(BULK_ACTIONS_TEXT.selectionTags), 'promo, summer');
    await userEvent.click(screen.getByLabelText(BULK_ACTIONS_TEXT.onlineLabel.offline));
    await userEvent.click(screen.getByRole('button', { name: BULK_ACTIONS_TEXT.saveSelection }));
    await waitFor(() =>
      expect(posts).toEqual([
        { name: 'Promo', companyIds: [202], tags: ['promo', 'summer'], online: 'offline' },
      ]),
    );
  });

  it('resolves a selection when it is used and hands over its stores', async () => {
    cloud();
    localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true }));
    const onUse = vi.fn();
    renderWithProviders(<SavedSelections onUse={onUse} />);
    await userEvent.click(
      await screen.findByRole('button', { name: `${BULK_ACTIONS_TEXT.useSelection} Night stores` }),
    );
    await waitFor(() =>
      expect(onUse).toHaveBeenCalledWith([
        { companyId: 101, companyName: 'Northway Fuels', storeId: 3, storeName: 'Store 3' },
      ]),
    );
    expect(screen.queryByRole('form')).toBeNull();
  });
});
