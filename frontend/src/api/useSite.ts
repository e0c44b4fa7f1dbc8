/**
 * The store connection's calls (spec §7 /portal/site*, the service status calls, /portal/systemstatus,
 * /portal/messagequeue, /portalconfig/bosversion(s)), every answer parsed with its contract schema.
 */
import {
  SITE_API,
  type SiteRef,
  siteLoginResultSchema,
  siteResultSchema,
  siteTokenInfoSchema,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { siteQueries, type SiteService } from './site.queries';
import { siteRequest } from './site-request';
import { statusQueries } from './status.queries';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export { siteRequest };

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

export type { SiteService } from './site.queries';

export const useSiteVersion = (
  service: SiteService,
  site: { companyId: number; storeId: number } | null,
  siteToken: string | null,
) => useQuery(siteQueries.version(service, site, siteToken));

/** Which evoBOS a serving version needs (0: none). */
export const useBosToUse = (servingVersion: string | undefined) =>
  useQuery(siteQueries.bosToUse(servingVersion));

export const useBosVersions = (enabled = true) => useQuery(siteQueries.bosVersions(enabled));

/** The Status screen's lists, refreshed every STATUS_REFRESH_MS. */
export const useSystemStatus = () => useQuery(statusQueries.systemStatus());

export const useMessageQueue = () => useQuery(statusQueries.messageQueue());

export const useClearMessageQueue = () =>
  useInvalidatingMutation(
    [statusQueries.messageQueue().queryKey],
    () => apiRequest(SITE_API.messageQueue, z.unknown(), { method: 'DELETE' }),
    { alsoOnError: true },
  );

export const useCloseSiteConnection = () =>
  useInvalidatingMutation(
    [statusQueries.systemStatus().queryKey],
    (ref: SiteRef) =>
      apiRequest(SITE_API.closeSiteConnection, siteResultSchema, { method: 'POST', body: ref }),
    { alsoOnError: true },
  );
