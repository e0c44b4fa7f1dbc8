import { ALERT_RULE_LIMITS, type AlertRuleValues } from '@store-cloud/contracts';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { Controller, type Path, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { NumberField, type Values } from './AlertRuleFields';
import { firstError } from '../../ui/first-error';
import { DateTimeInput } from '../../ui/DateTimeInput';
import { alertRulesTextSet } from '../../i18n/sets/alerts';
import { type TextsOf } from '../../i18n/text-set';
import { useTexts } from '../../i18n/useTexts';

type RuleForm = UseFormReturn<Values, unknown, AlertRuleValues>;
/** The rule's thresholds: grace, stale backups, flapping, media share, not seen. */
const thresholds = (
  T: TextsOf<typeof alertRulesTextSet>,
): { id: string; name: Path<Values>; label: string; hint?: string }[] => [
  { id: 'rule-grace', name: 'graceSeconds', label: T.graceSeconds, hint: T.graceHint },
  { id: 'rule-stale-hours', name: 'staleBackupHours', label: T.staleBackupHours },
  { id: 'rule-flap-transitions', name: 'flapping.transitions', label: T.flappingTransitions },
  { id: 'rule-flap-minutes', name: 'flapping.minutes', label: T.flappingMinutes },
  { id: 'rule-media-share', name: 'mediaSharePercent', label: T.mediaSharePercent },
  { id: 'rule-not-seen', name: 'notSeenDays', label: T.notSeenDays },
];

export function ThresholdFields({ form }: { form: RuleForm }) {
  const T = useTexts(alertRulesTextSet);
  return (
    <Row>
      {thresholds(T).map(({ id, name, label, hint }) => (
        <NumberField
          key={id}
          id={id}
          label={label}
          hint={hint}
          error={form.getFieldState(name, form.formState).error?.message}
          registration={form.register(name, { valueAsNumber: true })}
        />
      ))}
    </Row>
  );
}

/** Quiet hours: the time zone and up to the limit of windows of days and hours. */
export function QuietHoursFields({ form }: { form: RuleForm }) {
  const T = useTexts(alertRulesTextSet);
  const { errors } = form.formState;
  const quiet = useFieldArray({ control: form.control, name: 'quietHours' });
  return (
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
        <Form.Control.Feedback type="invalid">{errors.timeZone?.message}</Form.Control.Feedback>
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
              <DateTimeInput type="time" {...form.register(`quietHours.${index}.from`)} />
            </Form.Group>
            <Form.Group as={Col} xs={5} controlId={`rule-quiet-${index}-to`}>
              <Form.Label>{T.to}</Form.Label>
              <DateTimeInput type="time" {...form.register(`quietHours.${index}.to`)} />
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
            <div className="invalid-feedback d-block">{firstError(errors.quietHours[index])}</div>
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
  );
}
