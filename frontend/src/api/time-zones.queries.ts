/** Query factories of the store time zones (issue 32 item 2). */
import { companyTimeZoneSchema, storeTimeZoneSchema, TIME_ZONE_API } from '@store-cloud/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const timeZoneQueries = {
  all: () => ['portal', 'timezones'] as const,
  /** A company's default zone, for its stores without one of their own. */
  company: (companyId: number) =>
    queryOptions({
      queryKey: [...timeZoneQueries.all(), 'company', companyId] as const,
      queryFn: ({ signal }) =>
        apiRequest(TIME_ZONE_API.company, companyTimeZoneSchema, { query: { companyId }, signal }),
    }),
  /** The zone a store's schedules run in, and where it comes from. */
  store: (companyId: number, storeId: number) =>
    queryOptions({
      queryKey: [...timeZoneQueries.all(), 'store', companyId, storeId] as const,
      queryFn: ({ signal }) =>
        apiRequest(TIME_ZONE_API.store, storeTimeZoneSchema, {
          query: { companyId, storeId },
          signal,
        }),
    }),
};
