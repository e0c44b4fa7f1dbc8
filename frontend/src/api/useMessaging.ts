/**
 * The message screen's calls (media spec §7): the workstations and POS main parameters of a
 * store, and the transport the send loop (contracts sendMessageToSites) delivers through.
 */
import {
  COMPANY_API,
  DEFAULT_LOG_LEVEL,
  isPosOrBosWorkstation,
  MESSAGING_API,
  messageDelivery,
  messengerQuery,
  SITE_TOKEN_HEADER,
  siteKey,
  type SiteMessage,
  type SiteMessageTransport,
  sitePosMainParamsSchema,
  STORE_STATUS,
  storeStateName,
  storeStatusListSchema,
  type MessageHistoryEntry,
  messageHistorySchema,
  type TargetSite,
  workstationsSchema,
} from '@store-cloud/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { siteConnect, siteLogin, siteLogout, siteRequest } from './useSite';

export interface StoreRef {
  companyId: number;
  storeId: number;
}

/** The POS and BOS workstations of a store (other types are not message targets). */
export const useWorkstations = (store: StoreRef | null) =>
  useQuery({
    queryKey: ['portal', 'workstations', store?.companyId, store?.storeId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(MESSAGING_API.workstations, workstationsSchema, {
          query: { c: store!.companyId, s: store!.storeId },
          signal,
        })
      ).filter(isPosOrBosWorkstation),
    enabled: Boolean(store),
    retry: false,
  });

/**
 * The pole sign brand of each store, read from its POS main parameters in parallel (spec §7).
 * A store that does not answer (offline, or no brand set) has no brand: undefined.
 */
export function usePoleSignBrands(stores: readonly StoreRef[], enabled: boolean) {
  return useQueries({
    queries: stores.map((store) => ({
      queryKey: ['portal', 'siteposmainparams', store.companyId, store.storeId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest(MESSAGING_API.sitePosMainParams, sitePosMainParamsSchema, {
          query: { c: store.companyId, s: store.storeId },
          signal,
        }),
      enabled,
      retry: false,
      staleTime: 60_000,
    })),
    combine: (results) => ({
      pending: enabled && results.some((r) => r.isPending),
      brands: new Map(
        stores.map((store, i) => [siteKey(store), results[i]?.data?.poleSignBrand || undefined]),
      ),
    }),
  });
}

/**
 * The send loop's transport on the portal's API client. The online list is the stores the user
 * may see that are online or connected (GET /portal/allstoresstatus, built from the ping list:
 * unlike /portal/systemstatus it is open to every user of the message screen). Each site's
 * connection is the user's own: connect is siteconnect plus sitelogin, close is sitelogout
 * (closesiteconnection would also end other users' connections to the store).
 */
export function createSiteMessageTransport(
  /** The MessageHistory command's answer of each site, for the send view to show. */
  onHistory?: (site: TargetSite, history: MessageHistoryEntry[]) => void,
): SiteMessageTransport {
  const tokens = new Map<string, string>();
  const ref = (site: TargetSite) => ({ company: site.companyId, store: site.storeId });
  return {
    async onlineSites() {
      const statuses = await apiRequest(COMPANY_API.allStoresStatus, storeStatusListSchema);
      return new Set(
        statuses
          .filter(
            (s) => s.status !== STORE_STATUS.offline && storeStateName(s.status) !== 'unknown',
          )
          .map(siteKey),
      );
    },
    async connect(site) {
      const connected = await siteConnect(ref(site));
      if (!connected.success) throw new Error('siteconnect refused');
      const { token } = await siteLogin(ref(site));
      tokens.set(siteKey(site), token);
    },
    async deliver(site, message: SiteMessage) {
      const headers = { [SITE_TOKEN_HEADER]: tokens.get(siteKey(site)) ?? '' };
      const common = { headers, public: true } as const;
      switch (messageDelivery(message)) {
        case 'logLevel':
          await siteRequest(
            MESSAGING_API.logLevel(message.payload.logLevel ?? DEFAULT_LOG_LEVEL),
            z.unknown(),
            {
              ...common,
              method: 'POST',
              query: messengerQuery(
                site.companyId,
                site.storeId,
                message.payload.logLevelTimePeriod,
              ),
            },
          );
          return;
        case 'messageHistory':
          onHistory?.(
            site,
            await siteRequest(MESSAGING_API.messageHistory, messageHistorySchema, {
              ...common,
              query: messengerQuery(site.companyId, site.storeId),
            }),
          );
          return;
        case 'broadcastMessage':
          await siteRequest(MESSAGING_API.broadcastMessage, z.unknown(), {
            ...common,
            method: 'POST',
            query: messengerQuery(site.companyId, site.storeId),
            body: message,
          });
      }
    },
    async close(site) {
      tokens.delete(siteKey(site));
      await siteLogout(ref(site)).catch((e: unknown) =>
        console.error('Closing the site failed', e),
      );
    },
  };
}
