import { type AlertRule } from '@store-cloud/contracts';
import { useState } from 'react';
import { useAlertRules, useDeleteAlertRule, useTestAlertRule } from '../../api/useAlertRules';
import { useWebhooks } from '../../api/useWebhooks';
import { notify } from '../../ui/notify';
import { AlertRuleModal } from './AlertRuleModal';
import { CompanyListScreen } from './CompanyListScreen';
import { alertKindLabelSet, alertRulesTextSet } from '../../i18n/sets/alerts';
import { useTexts } from '../../i18n/useTexts';

/**
 * Alert Rules (issue 26 point 2, the admin types within their companies): a company's rules,
 * each with "Send a test", Edit and Delete, and Add rule.
 */
export function AlertRulesPage() {
  const T = useTexts(alertRulesTextSet);
  const alertKindLabel = useTexts(alertKindLabelSet);
  const [companyId, setCompanyId] = useState<number>();
  const rules = useAlertRules(companyId);
  const webhooks = useWebhooks(companyId);
  const remove = useDeleteAlertRule();
  const test = useTestAlertRule();
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const hooks = (webhooks.data ?? []).map((w) => ({ id: w.id, name: w.name }));

  const sendTest = (rule: AlertRule) =>
    test.mutate(rule.id, {
      onSuccess: ({ queued }) => notify.success(T.toast.title, T.toast.testQueued(queued)),
      onError: (e) => notify.error(T.toast.title, T.toast.testError, e),
    });

  return (
    <CompanyListScreen
      text={T}
      selectId="rules-company"
      companyId={companyId}
      onCompany={setCompanyId}
      onAdd={() => setEditing('new')}
      onEdit={setEditing}
      query={rules}
      empty={T.noRules}
      columns={[
        {
          header: T.kindsColumn,
          className: 'small',
          cell: (rule) => rule.kinds.map((k) => alertKindLabel[k]).join(', '),
        },
        { header: T.delivery, className: 'small', cell: (rule) => T.deliveries[rule.delivery] },
        {
          header: T.recipientsColumn,
          className: 'small',
          cell: ({ recipients }) =>
            T.summary.recipients(recipients.emails.length, recipients.webhookIds.length),
        },
      ]}
      actions={(rule) => [
        {
          text: T.sendTest,
          label: T.sendTestOf(rule.name),
          variant: 'outline-secondary',
          disabled: test.isPending,
          onClick: () => sendTest(rule),
        },
      ]}
      editLabel={T.editRule}
      deleteLabel={T.deleteRule}
      remove={remove}
    >
      {editing && companyId !== undefined && (
        <AlertRuleModal
          companyId={companyId}
          editing={editing === 'new' ? undefined : editing}
          webhooks={hooks}
          onClose={() => setEditing(null)}
        />
      )}
    </CompanyListScreen>
  );
}
