/**
 * Incidents (issue 26): the Alerts screen's lists, the header bell's count and the open
 * incidents that Home and Status show beside their stores. Every query lives under
 * INCIDENTS_QUERY_KEY, which the live push `incidents-changed` refreshes (useLiveStatus).
 */
import {
  type AlertKind,
  INCIDENT_API,
  INCIDENT_PAGE,
  incidentAckPath,
  incidentMutePath,
  incidentOpenCountSchema,
  incidentPageSchema,
  incidentSchema,
  type IncidentState,
} from '@store-cloud/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const INCIDENTS_QUERY_KEY = ['portal', 'incidents'] as const;

/** The Alerts screen's filters; empty ones are left out of the query. */
export interface IncidentFilters {
  companyId?: number;
  kind?: AlertKind;
  storeId?: number;
}

const filterQuery = (filters: IncidentFilters): Record<string, string | number> =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

/**
 * One state's incidents, a page at a time (newest first); `next` of a page asks for the one
 * after it.
 */
export const incidentsQuery = (state: IncidentState, filters: IncidentFilters = {}) =>
  infiniteQueryOptions({
    queryKey: [...INCIDENTS_QUERY_KEY, 'list', state, filters] as const,
    queryFn: ({ signal, pageParam }) =>
      apiRequest(INCIDENT_API.list, incidentPageSchema, {
        signal,
        query: {
          state,
          ...filterQuery(filters),
          ...(state === 'open' ? { limit: INCIDENT_PAGE.maxLimit } : {}),
          ...(pageParam ? { before: pageParam } : {}),
        },
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next,
  });

export const useIncidents = (state: IncidentState, filters: IncidentFilters = {}) =>
  useInfiniteQuery(incidentsQuery(state, filters));

/**
 * Every open incident the user sees (up to the page maximum), for the badges beside the stores
 * on Home and Status: one query, joined to the store lists in the browser.
 */
export const openIncidentsQuery = () =>
  queryOptions({
    queryKey: [...INCIDENTS_QUERY_KEY, 'open-all'] as const,
    queryFn: ({ signal }) =>
      apiRequest(INCIDENT_API.list, incidentPageSchema, {
        signal,
        query: { state: 'open', limit: INCIDENT_PAGE.maxLimit },
      }),
    select: (page) => page.incidents,
    retry: false,
  });

export const useOpenIncidents = () => useQuery(openIncidentsQuery());

/** The bell's count: open incidents the user sees and has not muted. */
export const openCountQuery = () =>
  queryOptions({
    queryKey: [...INCIDENTS_QUERY_KEY, 'open-count'] as const,
    queryFn: ({ signal }) =>
      apiRequest(INCIDENT_API.openCount, incidentOpenCountSchema, { signal }),
    select: (count) => count.open,
    retry: false,
  });

export const useOpenCount = () => useQuery(openCountQuery());

export const useAcknowledgeIncident = () =>
  useInvalidatingMutation([INCIDENTS_QUERY_KEY], (id: string) =>
    apiRequest(incidentAckPath(id), incidentSchema, { method: 'POST' }),
  );

export const useMuteIncident = () =>
  useInvalidatingMutation(
    [INCIDENTS_QUERY_KEY],
    ({ id, minutes }: { id: string; minutes: number }) =>
      apiRequest(incidentMutePath(id), incidentSchema, { method: 'POST', body: { minutes } }),
  );
