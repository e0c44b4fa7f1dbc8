import {
  BULK_ACTIONS_API,
  BULK_ACTIONS_TEXT,
  DESTINATION,
  emptyBulkCounts,
  MESSAGE_TYPE,
  ROUTES,
  buildSiteMessage,
} from '@store-cloud/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { SendToSelection } from './SendToSelection';

const SAVED = {
  id: 'c'.repeat(24),
  user: 'me',
  name: 'Night stores',
  companyIds: [101],
  tags: ['night'],
  online: 'online',
  createdAt: '2026-11-27T10:00:00.000Z',
};
const ACTION_ID = 'e'.repeat(24);

function cloud() {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path] = url.split('?') as [string];
      const reply = (value: unknown, status = 200) =>
        new Response(JSON.stringify(value), { status });
      if (path === BULK_ACTIONS_API.actions && init?.method === 'POST') {
        posts.push(JSON.parse(init.body as string));
        return reply(
          {
            id: ACTION_ID,
            kind: 'message',
            summary: 'Message: Close early',
            user: 'me',
            createdAt: '2026-11-27T10:00:00.000Z',
            retryOf: null,
            retriedBy: null,
            selection: SAVED.name,
            counts: emptyBulkCounts(),
            total: 2,
            results: [],
          },
          201,
        );
      }
      if (path === BULK_ACTIONS_API.selections) return reply([SAVED]);
      if (path === BULK_ACTIONS_API.selectionStores(SAVED.id))
        return reply([
          { companyId: 101, companyName: 'Northway Fuels', storeId: 3, storeName: 'Store 3' },
          { companyId: 101, companyName: 'Northway Fuels', storeId: 4, storeName: 'Store 4' },
        ]);
      return reply({ code: 'NOT_FOUND', message: 'no' }, 404);
    }),
  );
  return { posts };
}

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('Send to a saved selection', () => {
  it('sends the message to the selection, resolved by the backend, and opens its result grid', async () => {
    const { posts } = cloud();
    localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true }));
    const build = (stores: { companyId: number; storeId: number }[]) =>
      buildSiteMessage({
        type: MESSAGE_TYPE.message,
        content: 'Close early',
        destinations: [DESTINATION.pos],
        sites: stores.map((s) => ({ ...s, companyName: '', storeName: '' })),
      } as Parameters<typeof buildSiteMessage>[0]);
    renderWithProviders(
      <Routes>
        <Route path="/" element={<SendToSelection build={build} />} />
        <Route path={ROUTES.bulkActions} element={<Where />} />
      </Routes>,
    );
    const card = await screen.findByRole(
      'region',
      { name: BULK_ACTIONS_TEXT.sendToSelection },
      { timeout: 5000 },
    );
    await userEvent.selectOptions(
      within(card).getByLabelText(BULK_ACTIONS_TEXT.chooseSelection),
      'Night stores',
    );
    await userEvent.click(
      within(card).getByRole('button', { name: BULK_ACTIONS_TEXT.sendMessage }),
    );
    expect(await screen.findByText(BULK_ACTIONS_TEXT.confirmSend('Night stores', 2))).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: BULK_ACTIONS_TEXT.send }));
    expect(await screen.findByText(`at ${ROUTES.bulkActions}?action=${ACTION_ID}`)).toBeVisible();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      selectionId: SAVED.id,
      message: { type: MESSAGE_TYPE.message, payload: { content: 'Close early' } },
    });
  });
});
