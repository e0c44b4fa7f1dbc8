import { PASSWORD_MIN_LENGTH } from '@store-cloud/contracts';
import type { ChangeEvent, ComponentProps } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '../../ui/FormField';
import { useKnownText } from '../../i18n/known-text';
import { accountMessageSets, userAdminLabelsSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/**
 * Live checks of a new password and its verification (spec §5): the new password is checked
 * while typing once it has 8 characters, and on leaving the field (the form's onBlur mode); the
 * verification once it is as long as the new password.
 */
function registerPasswordPair<T extends FieldValues>(
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

/**
 * The 'New Password' and 'Verify Password' fields of `form`, ids `${idPrefix}-new-password` and
 * `${idPrefix}-verify-password`, with the live checks of registerPasswordPair.
 */
export function NewPasswordFields<T extends FieldValues>({
  idPrefix,
  form,
  newField,
  verifyField,
}: {
  idPrefix: string;
  form: UseFormReturn<T>;
  newField: Path<T>;
  verifyField: Path<T>;
}) {
  const pair = registerPasswordPair(form, newField, verifyField);
  const labels = useTexts(userAdminLabelsSet);
  const known = useKnownText(accountMessageSets);
  const error = (field: Path<T>) => known(form.getFieldState(field, form.formState).error?.message);
  return (
    <>
      <PasswordInput
        id={`${idPrefix}-new-password`}
        label={labels.newPassword}
        error={error(newField)}
        registration={pair.newPassword}
      />
      <PasswordInput
        id={`${idPrefix}-verify-password`}
        label={labels.verifyPassword}
        error={error(verifyField)}
        registration={pair.verifyPassword}
      />
    </>
  );
}

export function PasswordInput({
  autoComplete = 'new-password',
  ...props
}: Omit<ComponentProps<typeof FormField>, 'type'>) {
  return <FormField type="password" autoComplete={autoComplete} {...props} />;
}
