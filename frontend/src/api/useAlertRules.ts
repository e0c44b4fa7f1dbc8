/** A company's alert rules (issue 26), administered on the Alert Rules screen. */
import {
  ALERT_RULE_API,
  type AlertRuleInput,
  alertRulePath,
  alertRuleSchema,
  alertRuleTestPath,
  alertTestResultSchema,
  successSchema,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { alertsQueries } from './alerts.queries';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const useAlertRules = (companyId: number | undefined) =>
  useQuery(alertsQueries.rules(companyId));

const RULES = [alertsQueries.rulesAll()];

/** Creates a rule, or replaces the one named by `id`. */
export const useSaveAlertRule = () =>
  useInvalidatingMutation(RULES, ({ id, rule }: { id?: string; rule: AlertRuleInput }) =>
    apiRequest(id ? alertRulePath(id) : ALERT_RULE_API.rules, alertRuleSchema, {
      method: id ? 'PUT' : 'POST',
      body: rule,
    }),
  );

export const useDeleteAlertRule = () =>
  useInvalidatingMutation(RULES, (id: string) =>
    apiRequest(alertRulePath(id), successSchema, { method: 'DELETE' }),
  );

export const useTestAlertRule = () =>
  useInvalidatingMutation([], (id: string) =>
    apiRequest(alertRuleTestPath(id), alertTestResultSchema, { method: 'POST' }),
  );
