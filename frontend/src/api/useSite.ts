/**
 * The store connection's calls (spec §7 /portal/site*, the service status calls, /portal/systemstatus,
 * /portal/messagequeue, /portalconfig/bosversion(s)), every answer parsed with its contract schema.
 */
import {
  BOS_API,
  bosToUseSchema,
  bosVersionsSchema,
  messageQueueSchema,
  SITE_API,
  SITE_SERVICE,
  SITE_TOKEN_HEADER,
  type SiteRef,
  siteLoginResultSchema,
  siteResultSchema,
  siteTokenInfoSchema,
  siteVersionSchema,
  STATUS_REFRESH_MS,
  systemStatusSchema,
} from '@store-cloud/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, createApiClient } from './api-client';
import { STATUS_QUERY_KEY } from './status-query-keys';

/**
 * A refused site login (401 SITE_LOGIN_FAILED) or a closed site connection is about the store,
 * not the portal session: these calls (and the messages relayed to a site) must not log the user
 * out of the portal.
 */
export const siteRequest = createApiClient({ onUnauthorized: () => undefined });

export const siteConnect = (ref: SiteRef) =>
  apiRequest(SITE_API.siteConnect, siteResultSchema, { method: 'POST', body: ref });

export const siteLogin = (ref: SiteRef) =>
  siteRequest(SITE_API.siteLogin, siteLoginResultSchema, {
    method: 'POST',
    body: { ...ref, username: null, password: null },
  });

export const siteLogout = (ref: SiteRef, signal?: AbortSignal) =>
  siteRequest(SITE_API.siteLogout, siteResultSchema, { method: 'POST', body: ref, signal });

/**
 * Whether a site token's connection is still open, without keeping it open (peek); fails with
 * 401 SITE_CONNECTION_CLOSED once the backend closed it.
 */
export const siteTokenInfo = (token: string, signal?: AbortSignal) =>
  siteRequest(SITE_API.siteTokenInfo, siteTokenInfoSchema, {
    query: { token, peek: 'true' },
    public: true,
    signal,
  });

/** The five service status calls of the store page (spec §7), with the site token. */
const SITE_STATUS_CALLS = {
  serving: { path: SITE_API.ping, query: { d: SITE_SERVICE.serving } },
  deal: { path: SITE_API.promotionPing, query: { d: SITE_SERVICE.deal } },
  booking: { path: SITE_API.ping, query: { d: SITE_SERVICE.booking } },
  pump: { path: SITE_API.version, query: { d: SITE_SERVICE.pump, json: 'true' } },
  router: { path: SITE_API.evorouterVersion, query: {} },
} as const;
export type SiteService = keyof typeof SITE_STATUS_CALLS;

export function useSiteVersion(
  service: SiteService,
  site: { companyId: number; storeId: number } | null,
  siteToken: string | null,
) {
  const call = SITE_STATUS_CALLS[service];
  return useQuery({
    queryKey: ['site', 'version', service, site?.companyId, site?.storeId, siteToken],
    queryFn: ({ signal }) =>
      siteRequest(call.path, siteVersionSchema, {
        query: { ...call.query, c: site!.companyId, s: site!.storeId },
        headers: { [SITE_TOKEN_HEADER]: siteToken! },
        public: true,
        signal,
      }),
    enabled: Boolean(site && siteToken),
    retry: false,
  });
}

/** Which evoBOS a serving version needs (0: none). */
export const useBosToUse = (servingVersion: string | undefined) =>
  useQuery({
    queryKey: ['portalconfig', 'bosversion', servingVersion],
    queryFn: ({ signal }) =>
      apiRequest(BOS_API.bosVersion, bosToUseSchema, {
        query: { evoserv: servingVersion! },
        signal,
      }),
    enabled: Boolean(servingVersion),
    retry: false,
  });

export const useBosVersions = (enabled = true) =>
  useQuery({
    queryKey: ['portalconfig', 'bosversions'],
    queryFn: ({ signal }) => apiRequest(BOS_API.bosVersions, bosVersionsSchema, { signal }),
    enabled,
    retry: false,
  });

const STATUS_KEY = STATUS_QUERY_KEY.systemStatus;
const QUEUE_KEY = ['portal', 'messagequeue'] as const;

/** The Status screen's lists, refreshed every STATUS_REFRESH_MS. */
export const useSystemStatus = () =>
  useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => apiRequest(SITE_API.systemStatus, systemStatusSchema, { signal }),
    refetchInterval: STATUS_REFRESH_MS,
  });

export const useMessageQueue = () =>
  useQuery({
    queryKey: QUEUE_KEY,
    queryFn: ({ signal }) => apiRequest(SITE_API.messageQueue, messageQueueSchema, { signal }),
    refetchInterval: STATUS_REFRESH_MS,
  });

export function useClearMessageQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(SITE_API.messageQueue, z.unknown(), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

export function useCloseSiteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: SiteRef) =>
      apiRequest(SITE_API.closeSiteConnection, siteResultSchema, { method: 'POST', body: ref }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}
