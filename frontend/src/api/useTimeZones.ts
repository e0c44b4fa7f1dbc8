/** Store time zones (issue 32 item 2): a company's default, and a store's effective zone. */
import {
  companyTimeZoneSchema,
  type SaveCompanyTimeZone,
  TIME_ZONE_API,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { timeZoneQueries } from './time-zones.queries';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const useCompanyTimeZone = (companyId: number) =>
  useQuery(timeZoneQueries.company(companyId));

export const useSaveCompanyTimeZone = () =>
  useInvalidatingMutation([timeZoneQueries.all()], (body: SaveCompanyTimeZone) =>
    apiRequest(TIME_ZONE_API.company, companyTimeZoneSchema, { method: 'PUT', body }),
  );

export const useStoreTimeZone = (companyId: number, storeId: number) =>
  useQuery(timeZoneQueries.store(companyId, storeId));
