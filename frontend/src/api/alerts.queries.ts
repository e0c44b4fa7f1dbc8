/**
 * Query factories of alerting (issue 26): rules, webhooks and their deliveries, the user's
 * follows and mutes, and the incidents. Every incidents query lives under incidentsAll(), which
 * the live push `incidents-changed` refreshes (useLiveStatus).
 */
import {
  ALERT_RULE_API,
  ALERT_SUBSCRIPTIONS_API,
  type AlertKind,
  alertRuleListSchema,
  alertSubscriptionsSchema,
  INCIDENT_API,
  INCIDENT_PAGE,
  incidentOpenCountSchema,
  incidentPageSchema,
  type IncidentState,
  WEBHOOK_API,
  webhookDeliveriesPath,
  webhookDeliveryListSchema,
  webhookListSchema,
} from '@store-cloud/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The Alerts screen's filters; empty ones are left out of the query. */
export interface IncidentFilters {
  companyId?: number;
  kind?: AlertKind;
  storeId?: number;
}

const filterQuery = (filters: IncidentFilters): Record<string, string | number> =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

export const alertsQueries = {
  rulesAll: () => ['portal', 'alertrules'] as const,
  rules: (companyId: number | undefined) =>
    queryOptions({
      queryKey: [...alertsQueries.rulesAll(), companyId] as const,
      queryFn: ({ signal }) =>
        apiRequest(ALERT_RULE_API.rules, alertRuleListSchema, {
          signal,
          query: { companyId: companyId ?? 0 },
        }),
      enabled: companyId !== undefined,
    }),
  webhooksAll: () => ['portal', 'webhooks'] as const,
  webhooks: (companyId: number | undefined) =>
    queryOptions({
      queryKey: [...alertsQueries.webhooksAll(), 'list', companyId] as const,
      queryFn: ({ signal }) =>
        apiRequest(WEBHOOK_API.webhooks, webhookListSchema, {
          signal,
          query: { companyId: companyId ?? 0 },
        }),
      enabled: companyId !== undefined,
    }),
  webhookDeliveries: (id: string) =>
    queryOptions({
      queryKey: [...alertsQueries.webhooksAll(), 'deliveries', id] as const,
      queryFn: ({ signal }) =>
        apiRequest(webhookDeliveriesPath(id), webhookDeliveryListSchema, { signal }),
    }),
  subscriptions: () =>
    queryOptions({
      queryKey: ['portal', 'alertsubscriptions'] as const,
      queryFn: ({ signal }) =>
        apiRequest(ALERT_SUBSCRIPTIONS_API.mine, alertSubscriptionsSchema, { signal }),
    }),
  incidentsAll: () => ['portal', 'incidents'] as const,
  /**
   * One state's incidents, a page at a time (newest first); `next` of a page asks for the one
   * after it.
   */
  incidents: (state: IncidentState, filters: IncidentFilters = {}) =>
    infiniteQueryOptions({
      queryKey: [...alertsQueries.incidentsAll(), 'list', state, filters] as const,
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
    }),
  /**
   * Every open incident the user sees (up to the page maximum), for the badges beside the stores
   * on Home and Status: one query, joined to the store lists in the browser.
   */
  openIncidents: () =>
    queryOptions({
      queryKey: [...alertsQueries.incidentsAll(), 'open-all'] as const,
      queryFn: ({ signal }) =>
        apiRequest(INCIDENT_API.list, incidentPageSchema, {
          signal,
          query: { state: 'open', limit: INCIDENT_PAGE.maxLimit },
        }),
      select: (page) => page.incidents,
      retry: false,
    }),
  /** The bell's count: open incidents the user sees and has not muted. */
  openCount: () =>
    queryOptions({
      queryKey: [...alertsQueries.incidentsAll(), 'open-count'] as const,
      queryFn: ({ signal }) =>
        apiRequest(INCIDENT_API.openCount, incidentOpenCountSchema, { signal }),
      select: (count) => count.open,
      retry: false,
    }),
};
