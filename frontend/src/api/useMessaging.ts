/**
 * The message screen's calls (media spec §7): the workstations and POS main parameters of a
 * store, and the transport the send loop (contracts sendMessageToSites) delivers through.
 */
import {
  COMPANY_API,
  DEFAULT_LOG_LEVEL,
  MESSAGING_API,
  messageDelivery,
  messengerQuery,
  SITE_TOKEN_HEADER,
  siteKey,
  type SiteMessage,
  type SiteMessageTransport,
  STORE_STATUS,
  storeStateName,
  storeStatusListSchema,
  type MessageHistoryEntry,
  messageHistorySchema,
  type TargetSite,
} from '@store-cloud/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { messagingQueries, type StoreRef } from './messaging.queries';
import { siteConnect, siteLogin, siteLogout, siteRequest } from './useSite';

export type { StoreRef } from './messaging.queries';

/** The POS and BOS workstations of a store (other types are not message targets). */
export const useWorkstations = (store: StoreRef | null) =>
  useQuery(messagingQueries.workstations(store));

/**
 * The pole sign brand of each store, read from its POS main parameters in parallel (spec §7).
 * A store that does not answer (offline, or no brand set) has no brand: undefined.
 */
export const usePoleSignBrands = (stores: readonly StoreRef[], enabled: boolean) =>
  useQueries({
    queries: stores.map((store) => messagingQueries.posMainParams(store, enabled)),
    combine: (results) => ({
      pending: enabled && results.some((r) => r.isPending),
      brands: new Map(
        stores.map((store, i) => [siteKey(store), results[i]?.data?.poleSignBrand || undefined]),
      ),
    }),
  });

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
          return siteRequest(
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
        case 'messageHistory': {
          const history = await siteRequest(MESSAGING_API.messageHistory, messageHistorySchema, {
            ...common,
            query: messengerQuery(site.companyId, site.storeId),
          });
          onHistory?.(site, history);
          return history;
        }
        case 'broadcastMessage':
          return siteRequest(MESSAGING_API.broadcastMessage, z.unknown(), {
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
