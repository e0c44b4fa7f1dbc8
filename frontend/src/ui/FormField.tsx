import type { ComponentProps, ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A labelled input of a react-hook-form form with its invalid feedback (and an optional hint
 * under the input); `className` is the group's, 'mb-3' unless given.
 */
export function FormField({
  id,
  label,
  error,
  registration,
  className = 'mb-3',
  hint,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  className?: string;
  hint?: ReactNode;
} & Pick<ComponentProps<'input'>, 'type' | 'autoComplete' | 'autoFocus' | 'placeholder'>) {
  return (
    <Form.Group className={className}>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Control id={id} {...input} isInvalid={!!error} {...registration} />
      {hint && <Form.Text>{hint}</Form.Text>}
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
