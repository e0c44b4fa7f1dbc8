/** The bulk actions screen's calls (issue 32 item 4): the grid, retry failed only, CSV, selections. */
import {
  ACCESS_TOKEN_HEADER,
  BULK_ACTIONS_API,
  bulkActionSchema,
  type BulkSelectionInput,
  type CreateBulkAction,
  bulkSelectionSchema,
  httpFailureText,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { readToken } from '../auth/session-storage';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { bulkActionsQueries } from './bulk-actions.queries';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const useBulkActionPage = (page: number) => useQuery(bulkActionsQueries.page(page));
export const useBulkAction = (id: string) => useQuery(bulkActionsQueries.action(id));
export const useBulkSelections = () => useQuery(bulkActionsQueries.selections());

export const useRetryFailed = () =>
  useInvalidatingMutation([bulkActionsQueries.all()], (id: string) =>
    apiRequest(BULK_ACTIONS_API.retryFailed(id), bulkActionSchema, { method: 'POST' }),
  );

/** A message or log level change to a saved selection (resolved by the backend as it sends). */
export const useSendBulkAction = () =>
  useInvalidatingMutation([bulkActionsQueries.all()], (body: CreateBulkAction) =>
    apiRequest(BULK_ACTIONS_API.actions, bulkActionSchema, { method: 'POST', body }),
  );

export const useSaveSelection = () =>
  useInvalidatingMutation([bulkActionsQueries.selectionsAll()], (body: BulkSelectionInput) =>
    apiRequest(BULK_ACTIONS_API.selections, bulkSelectionSchema, { method: 'POST', body }),
  );

export const useDeleteSelection = () =>
  useInvalidatingMutation([bulkActionsQueries.selectionsAll()], (id: string) =>
    apiRequest(BULK_ACTIONS_API.selection(id), z.unknown(), { method: 'DELETE' }),
  );

/** The grid as a CSV file, with the access token (a plain link would carry none). */
export async function downloadCsv(id: string): Promise<void> {
  const url = BULK_ACTIONS_API.csv(id);
  const response = await fetch(url, { headers: { [ACCESS_TOKEN_HEADER]: readToken() ?? '' } });
  if (!response.ok)
    throw new ApiError(
      httpFailureText(url, response.status, response.statusText),
      url,
      response.status,
      null,
    );
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = `bulk-action-${id}.csv`;
  link.click();
  URL.revokeObjectURL(href);
}
