/** Query factories of the bulk actions screen (issue 32 item 4). */
import {
  BULK_ACTIONS_API,
  BULK_OPEN_STATES,
  bulkActionPageSchema,
  bulkActionSchema,
  bulkSelectionListSchema,
  resolvedStoresSchema,
} from '@store-cloud/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * While a store's outcome may still change on its own (queued, held) the grid also asks every
 * few seconds; the /live pushes (useLiveStatus) refresh it at once in any case.
 */
const OPEN_REFRESH_MS = 5_000;

export const bulkActionsQueries = {
  /** Every bulk actions query: refetched on the backend's live pushes (useLiveStatus). */
  all: () => ['portal', 'bulkactions'] as const,
  page: (page: number, pageSize = 20) =>
    queryOptions({
      queryKey: [...bulkActionsQueries.all(), 'page', page, pageSize] as const,
      queryFn: ({ signal }) =>
        apiRequest(BULK_ACTIONS_API.actions, bulkActionPageSchema, {
          query: { page, pageSize },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  action: (id: string) =>
    queryOptions({
      queryKey: [...bulkActionsQueries.all(), 'action', id] as const,
      queryFn: ({ signal }) =>
        apiRequest(BULK_ACTIONS_API.action(id), bulkActionSchema, { signal }),
      refetchInterval: (query) =>
        query.state.data?.results.some((r) => BULK_OPEN_STATES.includes(r.state))
          ? OPEN_REFRESH_MS
          : false,
    }),
  selectionsAll: () => [...bulkActionsQueries.all(), 'selections'] as const,
  selections: () =>
    queryOptions({
      queryKey: bulkActionsQueries.selectionsAll(),
      queryFn: ({ signal }) =>
        apiRequest(BULK_ACTIONS_API.selections, bulkSelectionListSchema, { signal }),
    }),
};

/** The stores a saved selection names now (asked when it is used, never cached). */
export const selectionStores = (id: string) =>
  apiRequest(BULK_ACTIONS_API.selectionStores(id), resolvedStoresSchema);
