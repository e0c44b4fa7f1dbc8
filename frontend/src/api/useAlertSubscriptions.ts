/** The signed-in user's own follows and mutes of companies and stores (issue 26). */
import {
  ALERT_SUBSCRIPTIONS_API,
  type AlertSubscriptions,
  alertSubscriptionsSchema,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { alertsQueries } from './alerts.queries';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const useAlertSubscriptions = () => useQuery(alertsQueries.subscriptions());

/** Replaces the whole set; a mute changes the bell's count, so the incidents refresh too. */
export const useSaveAlertSubscriptions = () =>
  useInvalidatingMutation(
    [alertsQueries.subscriptions().queryKey, alertsQueries.incidentsAll()],
    (subscriptions: AlertSubscriptions) =>
      apiRequest(ALERT_SUBSCRIPTIONS_API.mine, alertSubscriptionsSchema, {
        method: 'PUT',
        body: subscriptions,
      }),
  );
