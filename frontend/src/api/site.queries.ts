/** Query factories of a store's service versions and the evoBOS versions (spec §7). */
import {
  BOS_API,
  bosToUseSchema,
  bosVersionsSchema,
  SITE_API,
  SITE_SERVICE,
  SITE_TOKEN_HEADER,
  siteVersionSchema,
} from '@store-cloud/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { siteRequest } from './site-request';

/** The five service status calls of the store page (spec §7), with the site token. */
const SITE_STATUS_CALLS = {
  serving: { path: SITE_API.ping, query: { d: SITE_SERVICE.serving } },
  deal: { path: SITE_API.promotionPing, query: { d: SITE_SERVICE.deal } },
  booking: { path: SITE_API.ping, query: { d: SITE_SERVICE.booking } },
  pump: { path: SITE_API.version, query: { d: SITE_SERVICE.pump, json: 'true' } },
  router: { path: SITE_API.evorouterVersion, query: {} },
} as const;
export type SiteService = keyof typeof SITE_STATUS_CALLS;

export const siteQueries = {
  version: (
    service: SiteService,
    site: { companyId: number; storeId: number } | null,
    siteToken: string | null,
  ) =>
    queryOptions({
      queryKey: ['site', 'version', service, site?.companyId, site?.storeId, siteToken] as const,
      queryFn: ({ signal }) =>
        siteRequest(SITE_STATUS_CALLS[service].path, siteVersionSchema, {
          query: { ...SITE_STATUS_CALLS[service].query, c: site!.companyId, s: site!.storeId },
          headers: { [SITE_TOKEN_HEADER]: siteToken! },
          public: true,
          signal,
        }),
      enabled: Boolean(site && siteToken),
      retry: false,
    }),
  /** Which evoBOS a serving version needs (0: none). */
  bosToUse: (servingVersion: string | undefined) =>
    queryOptions({
      queryKey: ['portalconfig', 'bosversion', servingVersion] as const,
      queryFn: ({ signal }) =>
        apiRequest(BOS_API.bosVersion, bosToUseSchema, {
          query: { evoserv: servingVersion! },
          signal,
        }),
      enabled: Boolean(servingVersion),
      retry: false,
    }),
  bosVersions: (enabled = true) =>
    queryOptions({
      queryKey: ['portalconfig', 'bosversions'] as const,
      queryFn: ({ signal }) => apiRequest(BOS_API.bosVersions, bosVersionsSchema, { signal }),
      enabled,
      retry: false,
    }),
};
