/** The caller's own portal sessions (issue 23): the profile page lists them and ends one. */
import {
  activeSessionListSchema,
  API,
  SESSION_API,
  sessionPath,
  siteResultSchema,
  successSchema,
  type SiteRef,
} from '@store-cloud/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['portal', 'sessions'] as const,
    queryFn: ({ signal }) => apiRequest(SESSION_API.list, activeSessionListSchema, { signal }),
  });

export const useSessions = () => useQuery(sessionsQuery());

export const useEndSession = () =>
  useInvalidatingMutation([sessionsQuery().queryKey], (id: string) =>
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
