import { LIVE_STATUS, liveStoreDeltasSchema } from '@store-cloud/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { useToken } from '../auth/useSession';
import { alertsQueries } from './alerts.queries';
import { bulkActionsQueries } from './bulk-actions.queries';
import { patchStoresStatus, patchSystemStatus } from './live-status-patch';
import { messagingQueries } from './messaging.queries';
import { setLiveConnected, statusQueries } from './status.queries';

const refetchLive = (queryClient: QueryClient) => {
  for (const queryKey of statusQueries.live()) void queryClient.invalidateQueries({ queryKey });
};

/** The small lists only a push refreshes: the bell and Alerts, sent messages, bulk actions. */
const pushedOnly = () => [
  alertsQueries.incidentsAll(),
  messagingQueries.deliveriesAll(),
  bulkActionsQueries.all(),
];

/**
 * Refetches the lists only pushes refresh, for the pushes a portal without its connection missed:
 * the ones already loaded (one still loading will have the latest).
 */
const refetchPushedOnly = (queryClient: QueryClient) => {
  for (const queryKey of pushedOnly())
    void queryClient.invalidateQueries({
      queryKey,
      predicate: (query) => query.state.status === 'success',
    });
};

/** The slow full refetch behind the push; a list whose refresh failed stays stopped (spec §4). */
const refetchFallback = (queryClient: QueryClient) => {
  for (const queryKey of statusQueries.live())
    void queryClient.invalidateQueries({
      queryKey,
      predicate: (query) => query.state.status !== 'error',
    });
};

/**
 * Listens for the backend's live status pushes while signed in (issue 30). Store deltas patch the
 * cached Home and Status lists in place; "look again" refetches them (a connection opened or
 * closed, or a user who gets no deltas). While the push is connected the lists refetch in full
 * only every LIVE_STATUS.fallbackRefreshMs; on reconnecting they refetch at once (deltas may have
 * been missed) and, without the push, every 5 s as spec §4 says. Only lists on
 * screen are refetched (react-query skips inactive and disabled queries, so Home's stopped polling
 * stays stopped).
 */
export function useLiveStatus(): void {
  const queryClient = useQueryClient();
  const token = useToken();

  useEffect(() => {
    if (!token) return;
    // Same origin: the dev server and nginx proxy /socket.io/ to the backend.
    const socket = io(LIVE_STATUS.namespace, { auth: { token }, transports: ['websocket'] });
    // The first connection refetches nothing (the lists are loading, and invalidating would
    // restart them); a reconnection refetches, for the deltas pushed while it was away.
    let connectedBefore = false;
    socket.on('connect', () => {
      setLiveConnected(true);
      if (connectedBefore) refetchLive(queryClient);
      // Small lists loaded before this connection (the bell's count at sign-in) or while it was
      // away would miss the pushes of that time for good: they have no polling of their own.
      refetchPushedOnly(queryClient);
      connectedBefore = true;
    });
    // Without the push the lists poll every 5 s again: a refetch now starts that interval. Only
    // when the connection was lost (socket.io reconnects it): not when the portal closed it on
    // signing out, nor when the backend closed it because the session ended (a refetch then is
    // refused, and the next screen sends the user to the login).
    socket.on('disconnect', () => {
      setLiveConnected(false);
      if (socket.active) refetchFallback(queryClient);
    });
    // On a clock of its own: react-query restarts a refetchInterval on every patched list.
    const fallback = setInterval(() => {
      if (socket.connected) refetchFallback(queryClient);
    }, LIVE_STATUS.fallbackRefreshMs);
    socket.on(LIVE_STATUS.changedEvent, () => refetchLive(queryClient));
    socket.on(LIVE_STATUS.storesChangedEvent, (batch: unknown) => {
      const deltas = liveStoreDeltasSchema.safeParse(batch);
      // A push off its schema: the full refetch is always right.
      if (!deltas.success) return refetchLive(queryClient);
      queryClient.setQueryData(
        statusQueries.storesStatus().queryKey,
        (list) => list && patchStoresStatus(list, deltas.data),
      );
      queryClient.setQueryData(
        statusQueries.systemStatus().queryKey,
        (status) => status && patchSystemStatus(status, deltas.data),
      );
    });
    socket.on(LIVE_STATUS.deliveriesChangedEvent, () => {
      void queryClient.invalidateQueries({ queryKey: messagingQueries.deliveriesAll() });
      void queryClient.invalidateQueries({ queryKey: bulkActionsQueries.all() });
    });
    // The bell's count, the Alerts lists and the badges on Home and Status (issue 26).
    socket.on(LIVE_STATUS.incidentsChangedEvent, () => {
      void queryClient.invalidateQueries({ queryKey: alertsQueries.incidentsAll() });
    });
    return () => {
      clearInterval(fallback);
      socket.disconnect();
      setLiveConnected(false);
    };
  }, [queryClient, token]);
}
