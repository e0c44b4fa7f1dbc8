/** Query factories of the store status lists, shared by their hooks and the live status pushes. */
import {
  COMPANY_API,
  messageQueueSchema,
  SITE_API,
  STATUS_REFRESH_MS,
  storeStatusListSchema,
  systemStatusSchema,
} from '@store-cloud/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * Whether the live push is connected (useLiveStatus sets it): then the push patches the status
 * lists and useLiveStatus refetches them in full every LIVE_STATUS.fallbackRefreshMs on a clock of
 * its own (react-query restarts a refetchInterval on every patch, so with a store changing more
 * often than that the fallback never came); without it, every 5 s.
 */
let liveConnected = false;
export const setLiveConnected = (connected: boolean) => {
  liveConnected = connected;
};
const refreshMs = () => (liveConnected ? false : STATUS_REFRESH_MS);

export const statusQueries = {
  /**
   * Live store statuses, refetched every STATUS_REFRESH_MS while `polling` and the live push is
   * down (useLiveStatus's slow fallback while it is up); a failed refresh stops the polling (spec §4).
   */
  storesStatus: (polling = true) =>
    queryOptions({
      queryKey: ['portal', 'allstoresstatus'] as const,
      queryFn: ({ signal }) =>
        apiRequest(COMPANY_API.allStoresStatus, storeStatusListSchema, { signal }),
      enabled: polling,
      retry: false,
      refetchInterval: (query) => (polling && query.state.status !== 'error' ? refreshMs() : false),
      refetchIntervalInBackground: true,
    }),
  /** The Status screen's lists, refreshed like the store statuses. */
  systemStatus: () =>
    queryOptions({
      queryKey: ['portal', 'systemstatus'] as const,
      queryFn: ({ signal }) => apiRequest(SITE_API.systemStatus, systemStatusSchema, { signal }),
      refetchInterval: refreshMs,
    }),
  messageQueue: () =>
    queryOptions({
      queryKey: ['portal', 'messagequeue'] as const,
      queryFn: ({ signal }) => apiRequest(SITE_API.messageQueue, messageQueueSchema, { signal }),
      refetchInterval: STATUS_REFRESH_MS,
    }),
  /** What the backend's live status push refreshes or patches. */
  live: () => [statusQueries.storesStatus().queryKey, statusQueries.systemStatus().queryKey],
};
