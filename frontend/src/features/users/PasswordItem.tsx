import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEventHandler, ReactNode } from 'react';
import { Accordion, Button, Form } from 'react-bootstrap';
import { type DefaultValues, type FieldValues, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { usersTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/**
 * A password form checked by `schema` on leaving a field (the spec's timing, password-fields),
 * with `valid` judged on every keystroke: Save shows only once all is valid.
 */
export function usePasswordForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  empty: DefaultValues<T>,
) {
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues: empty, mode: 'onBlur' });
  const valid = schema.safeParse(useWatch({ control: form.control })).success;
  return { form, valid };
}

/**
 * The Change Password section of a user's accordion: the fields, Cancel (empties them) and,
 * once all is valid, Save.
 */
export function PasswordItem({
  onSubmit,
  onCancel,
  cancelLabel,
  saveLabel,
  valid,
  busy,
  buttonsClassName,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  cancelLabel: string;
  saveLabel: string;
  valid: boolean;
  busy: boolean;
  buttonsClassName: string;
  children: ReactNode;
}) {
  const text = useTexts(usersTextSet);
  return (
    <Accordion.Item eventKey="password">
      <Accordion.Header>{text.changePassword}</Accordion.Header>
      <Accordion.Body>
        <Form noValidate onSubmit={onSubmit}>
          {children}
          <div className={buttonsClassName}>
            <Button variant="secondary" onClick={onCancel}>
              {cancelLabel}
            </Button>
            {valid && (
              <Button type="submit" disabled={busy}>
                {saveLabel}
              </Button>
            )}
          </div>
        </Form>
      </Accordion.Body>
    </Accordion.Item>
  );
}
