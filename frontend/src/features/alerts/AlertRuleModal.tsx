import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALERT_DELIVERIES,
  ALERT_KIND_LABEL,
  ALERT_RULE_KINDS,
  ALERT_RULE_LIMITS,
  ALERT_RULES_TEXT,
  type AlertRule,
  alertRuleInputSchema,
  type AlertRuleValues,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Col, Form, Modal, Row } from 'react-bootstrap';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSaveAlertRule } from '../../api/useAlertRules';
import { notify } from '../../ui/notify';

type Values = z.input<typeof alertRuleInputSchema>;

/** A new rule's values: the contract's defaults, watching offline stores, still unnamed. */
const fresh = (companyId: number): Values => ({
  ...alertRuleInputSchema.omit({ name: true }).parse({ companyId, kinds: ['store-offline'] }),
  name: '',
});

const withoutMeta = ({ id: _id, createdAt: _c, updatedAt: _u, ...values }: AlertRule) => values;

/** The first message of a field's errors (an array field errs per entry). */
function firstError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const value of Object.values(error)) {
    const found = firstError(value);
    if (found) return found;
  }
  return undefined;
}

/** The rule's e-mail recipients as lines of text; the form keeps the parsed list. */
function EmailLines({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (emails: string[]) => void;
  error?: string;
}) {
  const [text, setText] = useState(value.join('\n'));
  return (
    <Form.Group className="mb-3" controlId="rule-emails">
      <Form.Label>{ALERT_RULES_TEXT.emails}</Form.Label>
      <Form.Control
        as="textarea"
        rows={3}
        value={text}
        isInvalid={!!error}
        onChange={(e) => {
          setText(e.target.value);
          onChange(
            e.target.value
              .split(/[\s,;]+/)
              .map((s) => s.trim())
              .filter(Boolean),
          );
        }}
      />
      <Form.Text>{ALERT_RULES_TEXT.emailsHint}</Form.Text>
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}

/** A labelled whole number of the rule, its error under it. */
function NumberField({
  id,
  label,
  error,
  registration,
  hint,
}: {
  id: string;
  label: string;
  error?: string;
  registration: ReturnType<
    ReturnType<typeof useForm<Values, unknown, AlertRuleValues>>['register']
  >;
  hint?: string;
}) {
  return (
    <Form.Group as={Col} xs={12} sm={6} className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="number"
        inputMode="numeric"
        isInvalid={!!error}
        aria-invalid={!!error}
        {...registration}
      />
      {hint && <Form.Text>{hint}</Form.Text>}
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}

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
  const save = useSaveAlertRule();
  const form = useForm<Values, unknown, AlertRuleValues>({
    resolver: zodResolver(alertRuleInputSchema),
    defaultValues: editing ? withoutMeta(editing) : fresh(companyId),
    mode: 'onTouched',
  });
  const quiet = useFieldArray({ control: form.control, name: 'quietHours' });
  const { errors } = form.formState;
  const number = (name: Parameters<typeof form.register>[0]) =>
    form.register(name, { valueAsNumber: true });
  const T = ALERT_RULES_TEXT;

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
    <Modal show onHide={onClose} backdrop="static" size="lg" aria-labelledby="rule-form-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="rule-form-title">{editing ? T.editTitle : T.newRule}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
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

          <fieldset className="mb-3">
            <legend className="fs-6">{T.kinds}</legend>
            {ALERT_RULE_KINDS.map((kind) => (
              <Form.Check
                key={kind}
                id={`rule-kind-${kind}`}
                value={kind}
                label={ALERT_KIND_LABEL[kind]}
                isInvalid={!!errors.kinds}
                {...form.register('kinds')}
              />
            ))}
            {errors.kinds && (
              <div className="invalid-feedback d-block">{firstError(errors.kinds)}</div>
            )}
          </fieldset>

          <Row>
            <NumberField
              id="rule-grace"
              label={T.graceSeconds}
              hint={T.graceHint}
              error={errors.graceSeconds?.message}
              registration={number('graceSeconds')}
            />
            <NumberField
              id="rule-stale-hours"
              label={T.staleBackupHours}
              error={errors.staleBackupHours?.message}
              registration={number('staleBackupHours')}
            />
            <NumberField
              id="rule-flap-transitions"
              label={T.flappingTransitions}
              error={errors.flapping?.transitions?.message}
              registration={number('flapping.transitions')}
            />
            <NumberField
              id="rule-flap-minutes"
              label={T.flappingMinutes}
              error={errors.flapping?.minutes?.message}
              registration={number('flapping.minutes')}
            />
            <NumberField
              id="rule-media-share"
              label={T.mediaSharePercent}
              error={errors.mediaSharePercent?.message}
              registration={number('mediaSharePercent')}
            />
            <NumberField
              id="rule-not-seen"
              label={T.notSeenDays}
              error={errors.notSeenDays?.message}
              registration={number('notSeenDays')}
            />
          </Row>

          <fieldset className="mb-3">
            <legend className="fs-6">{T.quietHours}</legend>
            <Form.Text className="d-block mb-2">{T.quietHoursHint}</Form.Text>
            <Form.Group className="mb-2" controlId="rule-timezone">
              <Form.Label>{T.timeZone}</Form.Label>
              <Form.Control
                autoComplete="off"
                isInvalid={!!errors.timeZone}
                aria-invalid={!!errors.timeZone}
                {...form.register('timeZone')}
              />
              <Form.Control.Feedback type="invalid">
                {errors.timeZone?.message}
              </Form.Control.Feedback>
            </Form.Group>
            {quiet.fields.map((field, index) => (
              <div key={field.id} className="border rounded p-2 mb-2">
                <Controller
                  control={form.control}
                  name={`quietHours.${index}.days`}
                  render={({ field: days }) => (
                    <div role="group" aria-label={`${T.days} ${index + 1}`} className="mb-2">
                      {T.weekdays.map((day, d) => (
                        <Form.Check
                          inline
                          key={day}
                          id={`rule-quiet-${index}-day-${d}`}
                          label={day}
                          checked={(days.value ?? []).includes(d)}
                          onChange={(e) =>
                            days.onChange(
                              e.target.checked
                                ? [...(days.value ?? []), d].sort()
                                : (days.value ?? []).filter((x) => x !== d),
                            )
                          }
                        />
                      ))}
                    </div>
                  )}
                />
                <Row className="g-2 align-items-end">
                  <Form.Group as={Col} xs={5} controlId={`rule-quiet-${index}-from`}>
                    <Form.Label>{T.from}</Form.Label>
                    <Form.Control type="time" {...form.register(`quietHours.${index}.from`)} />
                  </Form.Group>
                  <Form.Group as={Col} xs={5} controlId={`rule-quiet-${index}-to`}>
                    <Form.Label>{T.to}</Form.Label>
                    <Form.Control type="time" {...form.register(`quietHours.${index}.to`)} />
                  </Form.Group>
                  <Col xs={2} className="text-end">
                    <Button
                      variant="link"
                      className="text-danger p-0"
                      aria-label={T.removeQuietHours(index + 1)}
                      title={T.removeQuietHours(index + 1)}
                      onClick={() => quiet.remove(index)}
                    >
                      <i className="bi bi-trash" aria-hidden="true" />
                    </Button>
                  </Col>
                </Row>
                {errors.quietHours?.[index] && (
                  <div className="invalid-feedback d-block">
                    {firstError(errors.quietHours[index])}
                  </div>
                )}
              </div>
            ))}
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={quiet.fields.length >= ALERT_RULE_LIMITS.maxQuietWindows}
              onClick={() => quiet.append({ days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' })}
            >
              {T.addQuietHours}
            </Button>
          </fieldset>

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

          <fieldset>
            <legend className="fs-6">{T.delivery}</legend>
            {ALERT_DELIVERIES.map((mode) => (
              <Form.Check
                inline
                type="radio"
                key={mode}
                id={`rule-delivery-${mode}`}
                value={mode}
                label={T.deliveries[mode]}
                {...form.register('delivery')}
              />
            ))}
          </fieldset>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {T.save}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
