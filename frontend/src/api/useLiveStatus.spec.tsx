import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { INCIDENT_API, LIVE_STATUS } from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { Server, type Socket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, storeToken } from '../auth/session-storage';
import { fakeCloud } from '../test/fake-cloud';
import { makeToken } from '../test/make-token';
import { renderWithProviders } from '../test/render';
import { alertsQueries } from './alerts.queries';
import { useLiveStatus } from './useLiveStatus';

/** The page's origin, set to the test's socket.io server (the portal connects same-origin). */
declare const jsdom: { reconfigure(options: { url: string }): void };

function Bell() {
  useLiveStatus();
  const open = useQuery(alertsQueries.openCount());
  return <output aria-label="open incidents">{open.data ?? '…'}</output>;
}

describe('useLiveStatus', () => {
  let server: http.Server;
  let io: Server;
  const portals: Socket[] = [];

  beforeEach(async () => {
    server = http.createServer();
    io = new Server(server, { transports: ['websocket'] });
    io.of(LIVE_STATUS.namespace).on('connection', (socket) => void portals.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    jsdom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
    storeToken(makeToken({ all: true }));
  });

  afterEach(async () => {
    clearSession();
    portals.length = 0;
    await new Promise((resolve) => io.close(() => resolve(undefined)));
  });

  /** The bell with its count from a cloud that answers `count.open`, once its push connected. */
  async function connectedBell(count: { open: number }) {
    fakeCloud({ [`GET ${INCIDENT_API.openCount}`]: () => ({ open: count.open }) });
    renderWithProviders(<Bell />);
    const bell = await screen.findByRole('status', { name: 'open incidents' });
    await waitFor(() => expect(bell).toHaveTextContent(String(count.open)));
    await waitFor(() => expect(portals).toHaveLength(1));
    return bell;
  }

  it("refreshes the bell after its connection comes back: the incidents pushed meanwhile aren't lost", async () => {
    const count = { open: 0 };
    const bell = await connectedBell(count);
    // The network drops; an incident opens while the portal is away (its push reaches nobody).
    portals[0]!.conn.close();
    count.open = 1;
    await waitFor(() => expect(portals).toHaveLength(2), { timeout: 10_000 });
    await waitFor(() => expect(bell).toHaveTextContent('1'));
  });

  it('refreshes the bell on a push that an incident changed', async () => {
    const count = { open: 2 };
    const bell = await connectedBell(count);
    count.open = 3;
    portals[0]!.emit(LIVE_STATUS.incidentsChangedEvent, { companyId: 1 });
    await waitFor(() => expect(bell).toHaveTextContent('3'));
  });
});
