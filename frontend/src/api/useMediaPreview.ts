import { MEDIA_PREVIEW_API, storeMediaAtSchema } from '@store-cloud/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** What a store shows at a time, and its schedules of the next days (issue 17 point 3). */
export const useStoreMediaAt = (companyId: number, storeId: number | undefined, at: string) =>
  useQuery({
    queryKey: ['portal', 'storemediaat', companyId, storeId, at],
    queryFn: ({ signal }) =>
      apiRequest(MEDIA_PREVIEW_API.storeMediaAt, storeMediaAtSchema, {
        query: { c: companyId, s: storeId!, at },
        signal,
      }),
    enabled: storeId !== undefined && at !== '',
    placeholderData: keepPreviousData,
  });
