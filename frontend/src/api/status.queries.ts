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

export const statusQueries = {
  /**
   * Live store statuses, every STATUS_REFRESH_MS while `polling`; a failed refresh stops the
   * polling (spec §4).
   */
  storesStatus: (polling = true) =>
    queryOptions({
      queryKey: ['portal', 'allstoresstatus'] as const,
      queryFn: ({ signal }) =>
        apiRequest(COMPANY_API.allStoresStatus, storeStatusListSchema, { signal }),
      enabled: polling,
      retry: false,
      refetchInterval: (query) =>
        polling && query.state.status !== 'error' ? STATUS_REFRESH_MS : false,
      refetchIntervalInBackground: true,
    }),
  /** The Status screen's lists, refreshed every STATUS_REFRESH_MS. */
  systemStatus: () =>
    queryOptions({
      queryKey: ['portal', 'systemstatus'] as const,
      queryFn: ({ signal }) => apiRequest(SITE_API.systemStatus, systemStatusSchema, { signal }),
      refetchInterval: STATUS_REFRESH_MS,
    }),
  messageQueue: () =>
    queryOptions({
      queryKey: ['portal', 'messagequeue'] as const,
      queryFn: ({ signal }) => apiRequest(SITE_API.messageQueue, messageQueueSchema, { signal }),
      refetchInterval: STATUS_REFRESH_MS,
    }),
  /** What the backend's live status push refreshes. */
  live: () => [statusQueries.storesStatus().queryKey, statusQueries.systemStatus().queryKey],
};
