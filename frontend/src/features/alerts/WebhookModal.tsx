import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Webhook,
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  type WebhookCreated,
  webhookInputSchema,
  type WebhookValues,
} from '@store-cloud/contracts';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateWebhook, useUpdateWebhook } from '../../api/useWebhooks';
import { FormField } from '../../ui/FormField';
import { notify } from '../../ui/notify';
import { ShownOnceModal } from '../../ui/ShownOnceModal';
import { FormModal } from '../../ui/FormModal';
import { CheckGroup } from '../../ui/CheckGroup';
import { webhooksTextSet } from '../../i18n/sets/alerts';
import { useTexts } from '../../i18n/useTexts';

type Values = z.input<typeof webhookInputSchema>;

const withoutMeta = ({ id: _id, createdAt: _c, updatedAt: _u, ...values }: Webhook) => values;

/**
 * New and Edit webhook (issue 26 point 3): name, URL, the events it receives and its format
 * (our signed JSON, or Slack's or Teams' incoming webhook shape). A new one's secret comes back
 * once, through onCreated.
 */
export function WebhookModal({
  companyId,
  editing,
  onClose,
  onCreated,
}: {
  companyId: number;
  editing?: Webhook;
  onClose: () => void;
  onCreated: (created: WebhookCreated) => void;
}) {
  const T = useTexts(webhooksTextSet);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const form = useForm<Values, unknown, WebhookValues>({
    resolver: zodResolver(webhookInputSchema),
    defaultValues: editing
      ? withoutMeta(editing)
      : {
          ...webhookInputSchema.omit({ name: true, url: true }).parse({ companyId }),
          name: '',
          url: 'https://',
        },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((webhook) => {
    const saved = () => notify.success(T.toast.title, T.toast.saved(webhook.name));
    const onError = () => notify.error(T.toast.title, T.toast.saveError(webhook.name));
    if (editing)
      update.mutate(
        { id: editing.id, webhook },
        {
          onSuccess: () => {
            saved();
            onClose();
          },
          onError,
        },
      );
    else
      create.mutate(webhook, {
        onSuccess: (created) => {
          saved();
          onCreated(created);
        },
        onError,
      });
  });

  return (
    <FormModal
      title={editing ? T.editTitle : T.newWebhook}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={T.cancel}
      submitLabel={T.save}
      busy={create.isPending || update.isPending}
      centered
    >
      <FormField
        id="webhook-name"
        label={T.name}
        autoComplete="off"
        error={errors.name?.message}
        registration={form.register('name')}
      />
      <FormField
        id="webhook-url"
        label={T.url}
        type="url"
        autoComplete="off"
        error={errors.url?.message}
        registration={form.register('url')}
      />
      <CheckGroup
        legend={T.events}
        idPrefix="webhook-event"
        options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: event }))}
        registration={form.register('events')}
        error={errors.events?.message}
        inline
      />
      <Form.Group className="mb-3" controlId="webhook-format">
        <Form.Label>{T.format}</Form.Label>
        <Form.Select {...form.register('format')}>
          {WEBHOOK_FORMATS.map((f) => (
            <option key={f} value={f}>
              {T.formats[f]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Check
        id="webhook-enabled"
        type="switch"
        label={T.enabled}
        {...form.register('enabled')}
      />
    </FormModal>
  );
}

/** The new webhook's secret, shown this once, with a copy button. */
export function WebhookSecretModal({
  created,
  onClose,
}: {
  created: WebhookCreated;
  onClose: () => void;
}) {
  const T = useTexts(webhooksTextSet);
  return (
    <ShownOnceModal
      title={T.secretTitle}
      intro={T.secretOnce}
      label={T.secret}
      value={created.secret}
      texts={{ copy: T.copy, copied: T.copied, copyFailed: T.toast.copyError, close: T.close }}
      onClose={onClose}
    />
  );
}
