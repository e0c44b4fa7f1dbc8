/** Incidents (issue 26): the Alerts screen's lists, the header bell's count, the stores' badges. */
import {
  incidentAckPath,
  incidentMutePath,
  incidentSchema,
  type IncidentState,
} from '@store-cloud/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { alertsQueries, type IncidentFilters } from './alerts.queries';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export type { IncidentFilters } from './alerts.queries';

export const useIncidents = (state: IncidentState, filters: IncidentFilters = {}) =>
  useInfiniteQuery(alertsQueries.incidents(state, filters));

export const useOpenIncidents = () => useQuery(alertsQueries.openIncidents());

export const useOpenCount = () => useQuery(alertsQueries.openCount());

const INCIDENTS = [alertsQueries.incidentsAll()];

export const useAcknowledgeIncident = () =>
  useInvalidatingMutation(INCIDENTS, (id: string) =>
    apiRequest(incidentAckPath(id), incidentSchema, { method: 'POST' }),
  );

export const useMuteIncident = () =>
  useInvalidatingMutation(INCIDENTS, ({ id, minutes }: { id: string; minutes: number }) =>
    apiRequest(incidentMutePath(id), incidentSchema, { method: 'POST', body: { minutes } }),
  );
