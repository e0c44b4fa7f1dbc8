import { alertRuleInputSchema, type AlertRuleValues } from '@store-cloud/contracts';
import type { z } from 'zod';
import { useState } from 'react';
import { Col, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { alertRulesTextSet } from '../../i18n/sets/alerts';
import { useTexts } from '../../i18n/useTexts';

/** The rule's e-mail recipients as lines of text; the form keeps the parsed list. */
/** The form's values as typed, before the schema's defaults and transforms. */
export type Values = z.input<typeof alertRuleInputSchema>;

export function EmailLines({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (emails: string[]) => void;
  error?: string;
}) {
  const alertRulesText = useTexts(alertRulesTextSet);
  const [text, setText] = useState(value.join('\n'));
  return (
    <Form.Group className="mb-3" controlId="rule-emails">
      <Form.Label>{alertRulesText.emails}</Form.Label>
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
      <Form.Text>{alertRulesText.emailsHint}</Form.Text>
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}

/** A labelled whole number of the rule, its error under it. */
export function NumberField({
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
