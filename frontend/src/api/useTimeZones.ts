/** Store time zones (issue 32 item 2): a company's default, and a store's effective zone. */
import {
  companyTimeZoneSchema,
  type SaveCompanyTimeZone,
  storeTimeZoneSchema,
  TIME_ZONE_API,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

const all = ['portal', 'timezones'] as const;

export const useCompanyTimeZone = (companyId: number) =>
  useQuery({
    queryKey: [...all, 'company', companyId],
    queryFn: ({ signal }) =>
      apiRequest(TIME_ZONE_API.company, companyTimeZoneSchema, { query: { companyId }, signal }),
  });

export const useSaveCompanyTimeZone = () =>
  useInvalidatingMutation([all], (body: SaveCompanyTimeZone) =>
    apiRequest(TIME_ZONE_API.company, companyTimeZoneSchema, { method: 'PUT', body }),
  );

export const useStoreTimeZone = (companyId: number, storeId: number) =>
  useQuery({
    queryKey: [...all, 'store', companyId, storeId],
    queryFn: ({ signal }) =>
      apiRequest(TIME_ZONE_API.store, storeTimeZoneSchema, {
        query: { companyId, storeId },
        signal,
      }),
  });
