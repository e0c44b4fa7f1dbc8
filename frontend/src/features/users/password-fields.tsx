import { PASSWORD_MIN_LENGTH } from '@store-cloud/contracts';
import type { ChangeEvent } from 'react';
import { Form } from 'react-bootstrap';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Live checks of a new password and its verification (spec §5): the new password is checked
 * while typing once it has 8 characters, and on leaving the field (the form's onBlur mode); the
 * verification once it is as long as the new password.
 */
export function registerPasswordPair<T extends FieldValues>(
  form: UseFormReturn<T>,
  newField: Path<T>,
  verifyField: Path<T>,
) {
  return {
    newPassword: form.register(newField, {
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        if (e.target.value.length >= PASSWORD_MIN_LENGTH) void form.trigger(newField);
        if (String(form.getValues(verifyField) ?? '')) void form.trigger(verifyField);
      },
    }),
    verifyPassword: form.register(verifyField, {
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const target = String(form.getValues(newField) ?? '');
        if (e.target.value.length >= target.length) void form.trigger(verifyField);
      },
    }),
  };
}

interface PasswordInputProps {
  id: string;
  label: string;
  error?: string;
  registration: ReturnType<UseFormReturn['register']>;
  autoComplete?: string;
}

export function PasswordInput({
  id,
  label,
  error,
  registration,
  autoComplete = 'new-password',
}: PasswordInputProps) {
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Control
        id={id}
        type="password"
        autoComplete={autoComplete}
        isInvalid={!!error}
        {...registration}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
