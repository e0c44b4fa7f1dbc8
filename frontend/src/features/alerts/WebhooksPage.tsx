import { type Webhook, type WebhookCreated } from '@store-cloud/contracts';
import { useState } from 'react';
import { useDeleteWebhook, useTestWebhook, useWebhooks } from '../../api/useWebhooks';
import { Breakable } from '../../ui/Breakable';
import { notify } from '../../ui/notify';
import { CompanyListScreen } from './CompanyListScreen';
import { DeliveryLogModal } from './DeliveryLogModal';
import { WebhookModal, WebhookSecretModal } from './WebhookModal';
import { webhooksTextSet } from '../../i18n/sets/alerts';
import { useTexts } from '../../i18n/useTexts';

/**
 * Webhooks (issue 26 point 3, the admin types within their companies): a company's webhooks with
 * "Send a test", the delivery log (with replay), Edit and Delete; a new one's secret is shown once.
 */
export function WebhooksPage() {
  const T = useTexts(webhooksTextSet);
  const [companyId, setCompanyId] = useState<number>();
  const webhooks = useWebhooks(companyId);
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const [created, setCreated] = useState<WebhookCreated | null>(null);

  const sendTest = (webhook: Webhook) =>
    test.mutate(webhook.id, {
      onSuccess: () => notify.success(T.toast.title, T.toast.testQueued),
      onError: (e) => notify.error(T.toast.title, T.toast.testError, e),
    });

  return (
    <CompanyListScreen
      text={T}
      selectId="webhooks-company"
      companyId={companyId}
      onCompany={setCompanyId}
      onAdd={() => setEditing('new')}
      onEdit={setEditing}
      query={webhooks}
      empty={T.noWebhooks}
      columns={[
        { header: T.url, className: 'small', cell: (w) => <Breakable text={w.url} /> },
        { header: T.format, className: 'small', cell: (w) => T.formats[w.format] },
        { header: T.events, className: 'small', cell: (w) => w.events.join(', ') },
      ]}
      actions={(w) => [
        {
          text: T.sendTest,
          label: T.sendTestOf(w.name),
          variant: 'outline-secondary',
          disabled: test.isPending,
          onClick: () => sendTest(w),
        },
        {
          text: T.deliveries,
          label: T.deliveriesOf(w.name),
          variant: 'outline-secondary',
          onClick: () => setLog(w),
        },
      ]}
      editLabel={T.editWebhook}
      deleteLabel={T.deleteWebhook}
      remove={remove}
    >
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
    </CompanyListScreen>
  );
}
