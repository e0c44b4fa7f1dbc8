/** Query factories of the message screen (media spec §7) and its delivery log (issue 17). */
import {
  isPosOrBosWorkstation,
  MESSAGE_DELIVERY_API,
  MESSAGING_API,
  messageDeliveryPageSchema,
  sitePosMainParamsSchema,
  workstationsSchema,
} from '@store-cloud/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export interface StoreRef {
  companyId: number;
  storeId: number;
}

export const messagingQueries = {
  /** The POS and BOS workstations of a store (other types are not message targets). */
  workstations: (store: StoreRef | null) =>
    queryOptions({
      queryKey: ['portal', 'workstations', store?.companyId, store?.storeId] as const,
      queryFn: async ({ signal }) =>
        (
          await apiRequest(MESSAGING_API.workstations, workstationsSchema, {
            query: { c: store!.companyId, s: store!.storeId },
            signal,
          })
        ).filter(isPosOrBosWorkstation),
      enabled: Boolean(store),
      retry: false,
    }),
  /** A store's POS main parameters: its pole sign brand. */
  posMainParams: (store: StoreRef, enabled: boolean) =>
    queryOptions({
      queryKey: ['portal', 'siteposmainparams', store.companyId, store.storeId] as const,
      queryFn: ({ signal }) =>
        apiRequest(MESSAGING_API.sitePosMainParams, sitePosMainParamsSchema, {
          query: { c: store.companyId, s: store.storeId },
          signal,
        }),
      enabled,
      retry: false,
      staleTime: 60_000,
    }),
  /** Every page of the delivery log: refetched on the backend's live pushes (useLiveStatus). */
  deliveriesAll: () => ['portal', 'messagedeliveries'] as const,
  deliveries: (page: number, pageSize = 10, search = '') =>
    queryOptions({
      queryKey: [...messagingQueries.deliveriesAll(), page, pageSize, search] as const,
      queryFn: ({ signal }) =>
        apiRequest(MESSAGE_DELIVERY_API.deliveries, messageDeliveryPageSchema, {
          query: { page, pageSize, ...(search ? { search } : {}) },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
};
