import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALERT_DELIVERIES,
  ALERT_RULE_KINDS,
  ALERT_RULE_LIMITS,
  type AlertRule,
  alertRuleInputSchema,
  type AlertRuleValues,
} from '@store-cloud/contracts';
import { Form } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { useSaveAlertRule } from '../../api/useAlertRules';
import { notify } from '../../ui/notify';
import { EmailLines, type Values } from './AlertRuleFields';
import { QuietHoursFields, ThresholdFields } from './RuleFieldsets';
import { firstError } from '../../ui/first-error';
import { FormModal } from '../../ui/FormModal';
import { CheckGroup } from '../../ui/CheckGroup';
import { alertKindLabelSet, alertRulesTextSet } from '../../i18n/sets/alerts';
import { useTexts } from '../../i18n/useTexts';

/** A new rule's values: the contract's defaults, watching offline stores, still unnamed. */
const fresh = (companyId: number): Values => ({
  ...alertRuleInputSchema.omit({ name: true }).parse({ companyId, kinds: ['store-offline'] }),
  name: '',
});

const withoutMeta = ({ id: _id, createdAt: _c, updatedAt: _u, ...values }: AlertRule) => values;

/**
 * New and Edit alert rule (issue 26 point 2): what it watches and its thresholds, quiet hours in
 * the stores' time zone, its recipients (e-mail addresses and the company's webhooks) and whether
 * it tells at once or in a digest. Validated with the contract's schema, as the backend does.
 */
export function AlertRuleModal({
  companyId,
  editing,
  webhooks,
  onClose,
}: {
  companyId: number;
  editing?: AlertRule;
  webhooks: { id: string; name: string }[];
  onClose: () => void;
}) {
  const alertKindLabel = useTexts(alertKindLabelSet);
  const alertRulesText = useTexts(alertRulesTextSet);
  const save = useSaveAlertRule();
  const form = useForm<Values, unknown, AlertRuleValues>({
    resolver: zodResolver(alertRuleInputSchema),
    defaultValues: editing ? withoutMeta(editing) : fresh(companyId),
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const T = alertRulesText;

  const onSubmit = form.handleSubmit((rule) =>
    save.mutate(
      { id: editing?.id, rule },
      {
        onSuccess: () => {
          notify.success(T.toast.title, T.toast.saved(rule.name));
          onClose();
        },
        onError: (e) => notify.error(T.toast.title, T.toast.saveError(rule.name), e),
      },
    ),
  );

  return (
    <FormModal
      title={editing ? T.editTitle : T.newRule}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={T.cancel}
      submitLabel={T.save}
      busy={save.isPending}
      size="lg"
    >
      <Form.Group className="mb-3" controlId="rule-name">
        <Form.Label>{T.name}</Form.Label>
        <Form.Control
          autoComplete="off"
          maxLength={ALERT_RULE_LIMITS.nameMax}
          isInvalid={!!errors.name}
          aria-invalid={!!errors.name}
          {...form.register('name')}
        />
        <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Check
        id="rule-enabled"
        className="mb-3"
        type="switch"
        label={T.enabled}
        {...form.register('enabled')}
      />

      <CheckGroup
        legend={T.kinds}
        idPrefix="rule-kind"
        options={ALERT_RULE_KINDS.map((kind) => ({ value: kind, label: alertKindLabel[kind] }))}
        registration={form.register('kinds')}
        error={firstError(errors.kinds)}
      />

      <ThresholdFields form={form} />

      <QuietHoursFields form={form} />

      <Controller
        control={form.control}
        name="recipients.emails"
        render={({ field }) => (
          <EmailLines
            value={field.value ?? []}
            onChange={field.onChange}
            error={firstError(errors.recipients?.emails)}
          />
        )}
      />

      <fieldset className="mb-3">
        <legend className="fs-6">{T.webhooks}</legend>
        {!webhooks.length && <p className="text-muted small mb-0">{T.noWebhooks}</p>}
        <Controller
          control={form.control}
          name="recipients.webhookIds"
          render={({ field }) => (
            <>
              {webhooks.map((w) => (
                <Form.Check
                  key={w.id}
                  id={`rule-webhook-${w.id}`}
                  label={w.name}
                  checked={(field.value ?? []).includes(w.id)}
                  onChange={(e) =>
                    field.onChange(
                      e.target.checked
                        ? [...(field.value ?? []), w.id]
                        : (field.value ?? []).filter((id) => id !== w.id),
                    )
                  }
                />
              ))}
            </>
          )}
        />
      </fieldset>

      <CheckGroup
        legend={T.delivery}
        idPrefix="rule-delivery"
        options={ALERT_DELIVERIES.map((mode) => ({ value: mode, label: T.deliveries[mode] }))}
        registration={form.register('delivery')}
        type="radio"
        inline
        className=""
      />
    </FormModal>
  );
}
