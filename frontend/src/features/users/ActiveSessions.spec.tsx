/** The profile's Active sessions: the list, this one marked, End with a confirmation. */
import {
  type ActiveSession,
  API,
  ROUTES,
  SESSION_API,
  SESSIONS_TEXT as T,
  sessionPath,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/AppRoutes';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';

const session = (id: string, current: boolean, userAgent: string): ActiveSession => ({
  id,
  createdAt: '2026-11-26T08:00:00.000Z',
  lastSeenAt: '2026-11-26T09:00:00.000Z',
  address: '10.0.0.1',
  userAgent,
  current,
});

/** A backend holding `sessions`; DELETE removes one. Answers what each call asked. */
function stubBackend(sessions: ActiveSession[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (url === SESSION_API.list) return Response.json(sessions);
      const ended = sessions.findIndex((s) => url === sessionPath(s.id));
      if (method === 'DELETE' && ended >= 0) {
        sessions.splice(ended, 1);
        return Response.json({ success: true });
      }
      return Response.json({ success: true });
    }),
  );
  return calls;
}

const rows = () => screen.findAllByTestId('session-row');

describe('ActiveSessions', () => {
  it('lists the sessions with this one marked, and ends another after a confirmation', async () => {
    const calls = stubBackend([
      session('a', true, 'Browser One'),
      session('b', false, 'Browser Two'),
    ]);
    localStorage.setItem(STORAGE_KEY.token, makeToken({ name: 'me@example.com' }));
    renderWithProviders(<AppRoutes />, ROUTES.userProfile);
    expect(screen.getByRole('heading', { name: T.heading })).toBeInTheDocument();
    expect(await rows()).toHaveLength(2);
    const other = (await rows()).find((r) => within(r).queryByText('Browser Two'))!;
    expect(within(other).queryByText(T.thisSession)).toBeNull();
    expect(
      within((await rows()).find((r) => within(r).queryByText('Browser One'))!).getByText(
        T.thisSession,
      ),
    ).toBeInTheDocument();

    await userEvent.click(within(other).getByRole('button', { name: T.end }));
    const dialog = await screen.findByRole('dialog', { name: T.confirmTitle });
    expect(within(dialog).getByText(T.confirmEnd)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: T.yes }));
    await vi.waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(calls).toContain(`DELETE ${sessionPath('b')}`);
    expect(localStorage.getItem(STORAGE_KEY.token)).not.toBeNull();
  });

  it('logs out when this session is ended', async () => {
    const calls = stubBackend([session('a', true, 'Browser One')]);
    localStorage.setItem(STORAGE_KEY.token, makeToken({ name: 'me@example.com' }));
    renderWithProviders(<AppRoutes />, ROUTES.userProfile);
    await userEvent.click(within((await rows())[0]!).getByRole('button', { name: T.end }));
    const dialog = await screen.findByRole('dialog', { name: T.confirmTitle });
    expect(within(dialog).getByText(T.confirmEndCurrent)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: T.yes }));
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEY.token)).toBeNull());
    expect(calls).toContain(`DELETE ${sessionPath('a')}`);
    expect(calls).toContain(`GET ${API.logout}`);
  });

  it('says so when there are none', async () => {
    stubBackend([]);
    localStorage.setItem(STORAGE_KEY.token, makeToken({ name: 'me@example.com' }));
    renderWithProviders(<AppRoutes />, ROUTES.userProfile);
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });
});
