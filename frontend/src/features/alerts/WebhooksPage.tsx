import {
  HOME_TEXT,
  type Webhook,
  type WebhookCreated,
  WEBHOOKS_TEXT,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, Table } from 'react-bootstrap';
import { useDeleteWebhook, useTestWebhook, useWebhooks } from '../../api/useWebhooks';
import { Breakable } from '../../ui/Breakable';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { CompanySelect } from './CompanySelect';
import { DeliveryLogModal } from './DeliveryLogModal';
import { useNames } from './useNames';
import { WebhookModal, WebhookSecretModal } from './WebhookModal';

const T = WEBHOOKS_TEXT;

/**
 * Webhooks (issue 26 point 3, the admin types within their companies): a company's webhooks with
 * "Send a test", the delivery log (with replay), Edit and Delete; a new one's secret is shown once.
 */
export function WebhooksPage() {
  const names = useNames();
  const [companyId, setCompanyId] = useState<number>();
  const webhooks = useWebhooks(companyId);
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const [created, setCreated] = useState<WebhookCreated | null>(null);

  const sendTest = (webhook: Webhook) =>
    test.mutate(webhook.id, {
      onSuccess: () => notify.success(T.toast.title, T.toast.testQueued),
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
  else if (companyId === undefined || webhooks.isPending)
    body = <LoadingSpinner label={T.loading} />;
  else if (webhooks.isError) body = <Alert variant="danger">{T.loadFailed}</Alert>;
  else if (!webhooks.data.length) body = <p className="text-muted">{T.noWebhooks}</p>;
  else
    body = (
      <Table hover size="sm" responsive aria-label={T.table}>
        <thead>
          <tr>
            <th>{T.name}</th>
            <th>{T.url}</th>
            <th>{T.format}</th>
            <th>{T.events}</th>
            <th aria-label={T.edit} />
          </tr>
        </thead>
        <tbody>
          {webhooks.data.map((w) => (
            <tr key={w.id} className={w.enabled ? undefined : 'text-muted'}>
              <td className="text-wrap-anywhere">
                {w.name}
                {!w.enabled && (
                  <Badge bg="secondary" className="ms-1">
                    {T.disabled}
                  </Badge>
                )}
              </td>
              <td className="small">
                <Breakable text={w.url} />
              </td>
              <td className="small">{T.formats[w.format]}</td>
              <td className="small">{w.events.join(', ')}</td>
              <td className="text-end">
                <div className="d-flex flex-wrap gap-1 justify-content-end">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={T.sendTestOf(w.name)}
                    disabled={test.isPending}
                    onClick={() => sendTest(w)}
                  >
                    {T.sendTest}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={T.deliveriesOf(w.name)}
                    onClick={() => setLog(w)}
                  >
                    {T.deliveries}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-primary"
                    aria-label={T.editWebhook(w.name)}
                    onClick={() => setEditing(w)}
                  >
                    {T.edit}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={T.deleteWebhook(w.name)}
                    onClick={() => setDeleting(w)}
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
            id="webhooks-company"
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
        <WebhookModal
          companyId={companyId}
          editing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onCreated={(c) => {
            setEditing(null);
            setCreated(c);
          }}
        />
      )}
      {created && <WebhookSecretModal created={created} onClose={() => setCreated(null)} />}
      {log && <DeliveryLogModal webhook={log} onClose={() => setLog(null)} />}
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
