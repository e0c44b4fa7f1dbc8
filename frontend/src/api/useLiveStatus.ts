import { LIVE_STATUS } from '@store-cloud/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { useToken } from '../auth/useSession';
import { alertsQueries } from './alerts.queries';
import { bulkActionsQueries } from './bulk-actions.queries';
import { messagingQueries } from './messaging.queries';
import { statusQueries } from './status.queries';

/**
 * Listens for the backend's live status pushes while signed in and refreshes the store status
 * lists at once; the 5 s refresh of spec §4 stays as it is. Only lists on screen are refetched
 * (react-query skips inactive and disabled queries, so Home's stopped polling stays stopped).
 */
export function useLiveStatus(): void {
  const queryClient = useQueryClient();
  const token = useToken();

  useEffect(() => {
    if (!token) return;
    // Same origin: the dev server and nginx proxy /socket.io/ to the backend.
    const socket = io(LIVE_STATUS.namespace, { auth: { token }, transports: ['websocket'] });
    socket.on(LIVE_STATUS.changedEvent, () => {
      for (const queryKey of statusQueries.live()) void queryClient.invalidateQueries({ queryKey });
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
      socket.disconnect();
    };
  }, [queryClient, token]);
}
