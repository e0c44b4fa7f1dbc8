import {
  COMPANY_API,
  DELIVERY_STATE,
  ERROR_CODE,
  MESSAGE_DELIVERY_API,
  MESSAGE_DELIVERY_LABELS,
  MESSAGE_SOURCE,
  MESSAGING_API,
  SITE_API,
  type SentMessage,
} from '@store-cloud/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { SentMessagesView } from './SentMessagesView';

const FIRST = 'a'.repeat(24);
const RESEND = 'b'.repeat(24);
const site = (storeId: number, state: SentMessage['sites'][number]['state']) => ({
  companyId: 101,
  companyName: 'Northway Fuels',
  storeId,
  storeName: `Store ${storeId}`,
  state,
  reason: null,
  at: null,
  result: null,
});
const delivery = (resentBy: string | null = null): SentMessage => ({
  id: FIRST,
  message: {
    id: '3f2b8a1e-6c1d-4f7a-9a57-1d2e3f4a5b6c',
    dateTime: '2026-11-20T09:59:00.000Z',
    type: 'Message',
    source: MESSAGE_SOURCE,
    locations: ['101-1', '101-2', '101-3'],
    destinations: ['POS'],
    payload: { content: 'Close at six' },
  },
  user: 'me',
  createdAt: '2026-11-20T10:00:00.000Z',
  resendOf: null,
  resentBy,
  sites: [
    site(1, DELIVERY_STATE.sent),
    site(2, DELIVERY_STATE.failed),
    site(3, DELIVERY_STATE.unknown),
  ],
});

/**
 * The cloud: one send with a failed and an unknown site; every store online. The broadcast
 * waits for `release` so the test sees the resend running. `claimed` answers the resend record.
 */
function cloud({ resentBy = null as string | null, claimed = 201 } = {}) {
  const posts: Array<{ path: string; body: unknown }> = [];
  const searches: string[] = [];
  let release = () => {};
  const broadcastGate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path, search] = url.split('?') as [string, string | undefined];
      const query = new URLSearchParams(search);
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(init.body as string) : undefined;
      if (method === 'POST') posts.push({ path, body });
      const reply = (value: unknown, status = 200) =>
        new Response(JSON.stringify(value), { status });
      if (path === MESSAGE_DELIVERY_API.deliveries && method === 'GET') {
        // The backend's search: the sender or the message's words, case-insensitive.
        const term = query.get('search')?.toLowerCase();
        searches.push(term ?? '');
        const items = [delivery(resentBy)].filter(
          (d) => !term || `${d.user} ${d.message.payload.content}`.toLowerCase().includes(term),
        );
        return reply({ items, total: items.length, page: 1, pageSize: 10 });
      }
      if (path === MESSAGE_DELIVERY_API.deliveries && method === 'POST') {
        if (claimed !== 201)
          return reply(
            { code: ERROR_CODE.conflict, message: MESSAGE_DELIVERY_LABELS.alreadyResent },
            claimed,
          );
        return reply({ ...delivery(), id: RESEND, resendOf: FIRST }, 201);
      }
      if (path.startsWith(MESSAGE_DELIVERY_API.delivery(RESEND))) return reply(delivery());
      switch (path) {
        case COMPANY_API.allStoresStatus:
          return reply([1, 2, 3].map((storeId) => ({ companyId: 101, storeId, status: 1 })));
        case SITE_API.siteConnect:
        case SITE_API.siteLogout:
          return reply({ success: true });
        case SITE_API.siteLogin:
          return reply({ success: true, token: 't', expires: '2030-01-01T00:00:00.000Z' });
        case MESSAGING_API.broadcastMessage:
          await broadcastGate;
          return reply({ success: true, id: query.get('s'), duplicate: false });
      }
      return reply({ code: 'NOT_FOUND', message: 'no' }, 404);
    }),
  );
  return { posts, searches, release: () => release() };
}

/** Renders the tab and opens the send's details. */
async function openDelivery() {
  localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true }));
  renderWithProviders(<SentMessagesView onRunning={() => {}} />);
  await userEvent.click(await screen.findByRole('button', { name: /Close at six/ }));
}

async function openSend() {
  await openDelivery();
  return screen.getByRole('button', { name: MESSAGE_DELIVERY_LABELS.resendToFailed });
}

afterEach(() => vi.unstubAllGlobals());

describe('Sent Messages: Resend to failed sites', () => {
  it('asks first: Cancel sends nothing', async () => {
    const { posts } = cloud();
    await userEvent.click(await openSend());
    const dialog = await screen.findByRole('dialog', {
      name: MESSAGE_DELIVERY_LABELS.confirmResendTitle,
    });
    expect(dialog).toHaveTextContent(MESSAGE_DELIVERY_LABELS.confirmResend(2));
    await userEvent.click(
      within(dialog).getByRole('button', { name: MESSAGE_DELIVERY_LABELS.cancel }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
  });

  it('resends once, to the failed and unknown sites with the same message, disabled while it runs', async () => {
    const { posts, release } = cloud();
    const button = await openSend();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: MESSAGE_DELIVERY_LABELS.confirm }),
    );
    const running = await screen.findByRole('button', { name: MESSAGE_DELIVERY_LABELS.resending });
    expect(running).toBeDisabled();
    // A second click while it runs does nothing.
    await userEvent.click(running);
    expect(screen.queryByRole('dialog')).toBeNull();
    release();
    await waitFor(() =>
      expect(posts.filter((p) => p.path === MESSAGING_API.broadcastMessage)).toHaveLength(2),
    );
    const records = posts.filter((p) => p.path === MESSAGE_DELIVERY_API.deliveries);
    expect(records).toHaveLength(1);
    expect(records[0]!.body).toMatchObject({
      resendOf: FIRST,
      message: { id: delivery().message.id },
      sites: [{ storeId: 2 }, { storeId: 3 }],
    });
    expect(
      posts
        .filter((p) => p.path === MESSAGING_API.broadcastMessage)
        .map((p) => (p.body as { id: string }).id),
    ).toEqual([delivery().message.id, delivery().message.id]);
  });

  it('is disabled once the send was resent', async () => {
    cloud({ resentBy: RESEND });
    await openDelivery();
    expect(screen.getByRole('button', { name: MESSAGE_DELIVERY_LABELS.resent })).toBeDisabled();
  });

  it('sends nothing when the backend refuses the resend (already resent elsewhere)', async () => {
    const { posts } = cloud({ claimed: 409 });
    await userEvent.click(await openSend());
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: MESSAGE_DELIVERY_LABELS.confirm,
      }),
    );
    expect(
      await screen.findByText(
        `${MESSAGE_DELIVERY_LABELS.resendFailed}: ${MESSAGE_DELIVERY_LABELS.alreadyResent}`,
      ),
    ).toBeInTheDocument();
    expect(posts.map((p) => p.path)).toEqual([MESSAGE_DELIVERY_API.deliveries]);
  });
});

describe('Sent Messages: search', () => {
  it('asks the backend from three characters and says when nothing matches', async () => {
    const { searches } = cloud();
    localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true }));
    renderWithProviders(<SentMessagesView onRunning={() => {}} />);
    const box = await screen.findByRole('searchbox', { name: MESSAGE_DELIVERY_LABELS.search });
    await userEvent.type(box, 'zz');
    expect(searches.every((s) => s === '')).toBe(true);
    await userEvent.type(box, 'z');
    expect(await screen.findByText(MESSAGE_DELIVERY_LABELS.noneFound)).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'SIX');
    expect(await screen.findByRole('button', { name: /Close at six/ })).toBeInTheDocument();
    expect(searches).toContain('six');
  });
});
