/** A company's alert rules (issue 26), administered on the Alert Rules screen. */
import {
  ALERT_RULE_API,
  type AlertRuleInput,
  alertRuleListSchema,
  alertRulePath,
  alertRuleSchema,
  alertRuleTestPath,
  alertTestResultSchema,
  successSchema,
} from '@store-cloud/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

const KEY = ['portal', 'alertrules'] as const;

export const alertRulesQuery = (companyId: number | undefined) =>
  queryOptions({
    queryKey: [...KEY, companyId] as const,
    queryFn: ({ signal }) =>
      apiRequest(ALERT_RULE_API.rules, alertRuleListSchema, {
        signal,
        query: { companyId: companyId ?? 0 },
      }),
    enabled: companyId !== undefined,
  });

export const useAlertRules = (companyId: number | undefined) =>
  useQuery(alertRulesQuery(companyId));

/** Creates a rule, or replaces the one named by `id`. */
export const useSaveAlertRule = () =>
  useInvalidatingMutation([KEY], ({ id, rule }: { id?: string; rule: AlertRuleInput }) =>
    apiRequest(id ? alertRulePath(id) : ALERT_RULE_API.rules, alertRuleSchema, {
      method: id ? 'PUT' : 'POST',
      body: rule,
    }),
  );

export const useDeleteAlertRule = () =>
  useInvalidatingMutation([KEY], (id: string) =>
    apiRequest(alertRulePath(id), successSchema, { method: 'DELETE' }),
  );

export const useTestAlertRule = () =>
  useMutation({
    mutationFn: (id: string) =>
      apiRequest(alertRuleTestPath(id), alertTestResultSchema, { method: 'POST' }),
  });
