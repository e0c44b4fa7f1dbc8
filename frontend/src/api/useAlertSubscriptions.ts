/** The signed-in user's own follows and mutes of companies and stores (issue 26). */
import {
  ALERT_SUBSCRIPTIONS_API,
  type AlertSubscriptions,
  alertSubscriptionsSchema,
} from '@store-cloud/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { INCIDENTS_QUERY_KEY } from './useIncidents';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const alertSubscriptionsQuery = () =>
  queryOptions({
    queryKey: ['portal', 'alertsubscriptions'] as const,
    queryFn: ({ signal }) =>
      apiRequest(ALERT_SUBSCRIPTIONS_API.mine, alertSubscriptionsSchema, { signal }),
  });

export const useAlertSubscriptions = () => useQuery(alertSubscriptionsQuery());

/** Replaces the whole set; a mute changes the bell's count, so the incidents refresh too. */
export const useSaveAlertSubscriptions = () =>
  useInvalidatingMutation(
    [alertSubscriptionsQuery().queryKey, INCIDENTS_QUERY_KEY],
    (subscriptions: AlertSubscriptions) =>
      apiRequest(ALERT_SUBSCRIPTIONS_API.mine, alertSubscriptionsSchema, {
        method: 'PUT',
        body: subscriptions,
      }),
  );
