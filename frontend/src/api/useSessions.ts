/** The caller's own portal sessions (issue 23): the profile page lists them and ends one. */
import {
  API,
  sessionPath,
  siteResultSchema,
  successSchema,
  type SiteRef,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from './account.queries';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const useSessions = () => useQuery(accountQueries.sessions());

export const useEndSession = () =>
  useInvalidatingMutation([accountQueries.sessions().queryKey], (id: string) =>
    apiRequest(sessionPath(id), successSchema, { method: 'DELETE' }),
  );

/**
 * GET /portallogout: ends this session on the backend; with the active store it also leaves it
 * (spec §7: query c, s).
 */
export const portalLogout = (site: SiteRef | null, signal?: AbortSignal) =>
  apiRequest(API.logout, siteResultSchema, {
    query: site ? { c: site.company, s: site.store } : undefined,
    signal,
  });
