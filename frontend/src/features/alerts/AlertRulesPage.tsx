import {
  ALERT_KIND_LABEL,
  ALERT_RULES_TEXT,
  type AlertRule,
  HOME_TEXT,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, Table } from 'react-bootstrap';
import { useAlertRules, useDeleteAlertRule, useTestAlertRule } from '../../api/useAlertRules';
import { useWebhooks } from '../../api/useWebhooks';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { AlertRuleModal } from './AlertRuleModal';
import { CompanySelect } from './CompanySelect';
import { useNames } from './useNames';

const T = ALERT_RULES_TEXT;

/**
 * Alert Rules (issue 26 point 2, the admin types within their companies): a company's rules,
 * each with "Send a test", Edit and Delete, and Add rule.
 */
export function AlertRulesPage() {
  const names = useNames();
  const [companyId, setCompanyId] = useState<number>();
  const rules = useAlertRules(companyId);
  const webhooks = useWebhooks(companyId);
  const remove = useDeleteAlertRule();
  const test = useTestAlertRule();
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  const hooks = (webhooks.data ?? []).map((w) => ({ id: w.id, name: w.name }));

  const sendTest = (rule: AlertRule) =>
    test.mutate(rule.id, {
      onSuccess: ({ queued }) => notify.success(T.toast.title, T.toast.testQueued(queued)),
      onError: (e) => notify.error(T.toast.title, T.toast.testError, e),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    const { name } = deleting;
    remove.mutate(deleting.id, {
      onSuccess: () => notify.success(T.toast.title, T.toast.deleted(name)),
      onError: (e) => notify.error(T.toast.title, T.toast.deleteError(name), e),
      onSettled: () => setDeleting(null),
    });
  };

  let body;
  if (!names.loading && !names.companies.length)
    body = <p className="text-muted">{HOME_TEXT.noCompanies}</p>;
  else if (companyId === undefined || rules.isPending) body = <LoadingSpinner label={T.loading} />;
  else if (rules.isError) body = <Alert variant="danger">{T.loadFailed}</Alert>;
  else if (!rules.data.length) body = <p className="text-muted">{T.noRules}</p>;
  else
    body = (
      <Table hover size="sm" responsive aria-label={T.table}>
        <thead>
          <tr>
            <th>{T.name}</th>
            <th>{T.kindsColumn}</th>
            <th>{T.delivery}</th>
            <th>{T.recipientsColumn}</th>
            <th aria-label={T.edit} />
          </tr>
        </thead>
        <tbody>
          {rules.data.map((rule) => (
            <tr key={rule.id} className={rule.enabled ? undefined : 'text-muted'}>
              <td className="text-wrap-anywhere">
                {rule.name}{' '}
                {!rule.enabled && (
                  <Badge bg="secondary" className="ms-1">
                    {T.disabled}
                  </Badge>
                )}
              </td>
              <td className="small">{rule.kinds.map((k) => ALERT_KIND_LABEL[k]).join(', ')}</td>
              <td className="small">{T.deliveries[rule.delivery]}</td>
              <td className="small">
                {T.summary.recipients(
                  rule.recipients.emails.length,
                  rule.recipients.webhookIds.length,
                )}
              </td>
              <td className="text-end">
                <div className="d-flex flex-wrap gap-1 justify-content-end">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={T.sendTestOf(rule.name)}
                    disabled={test.isPending}
                    onClick={() => sendTest(rule)}
                  >
                    {T.sendTest}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-primary"
                    aria-label={T.editRule(rule.name)}
                    onClick={() => setEditing(rule)}
                  >
                    {T.edit}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={T.deleteRule(rule.name)}
                    onClick={() => setDeleting(rule)}
                  >
                    {T.delete}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );

  return (
    <section>
      <h1 className="h4 mb-3">{T.title}</h1>
      <div className="d-flex flex-wrap align-items-end gap-3">
        <div className="flex-grow-1">
          <CompanySelect
            id="rules-company"
            label={T.company}
            names={names}
            value={companyId}
            onChange={setCompanyId}
          />
        </div>
        <Button
          className="mb-3"
          disabled={companyId === undefined}
          onClick={() => setEditing('new')}
        >
          {T.add}
        </Button>
      </div>
      {body}
      {editing && companyId !== undefined && (
        <AlertRuleModal
          companyId={companyId}
          editing={editing === 'new' ? undefined : editing}
          webhooks={hooks}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmModal
          title={T.confirmDeleteTitle}
          yesLabel={T.yes}
          noLabel={T.no}
          busy={remove.isPending}
          onYes={confirmDelete}
          onNo={() => setDeleting(null)}
        >
          {T.confirmDelete(deleting.name)}
        </ConfirmModal>
      )}
    </section>
  );
}
