import { type PasswordPair, passwordPairSchema } from '@store-cloud/contracts';
import { useSetPassword } from '../../api/useUserAdmin';
import { notify } from '../../ui/notify';
import { NewPasswordFields } from './password-fields';
import { PasswordItem, usePasswordForm } from './PasswordItem';
import { toastSet } from '../../i18n/sets/common';
import { usersTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

const EMPTY_PAIR: PasswordPair = { newPassword: '', verifyPassword: '' };

/** Edit user's Change Password section: a new password for the user, typed twice. */
export function SetPasswordItem({ username }: { username: string }) {
  const setPassword = useSetPassword();
  const toast = useTexts(toastSet);
  const text = useTexts(usersTextSet);
  const { form, valid } = usePasswordForm<PasswordPair>(passwordPairSchema, EMPTY_PAIR);

  const onSave = form.handleSubmit((values) =>
    setPassword.mutate(
      { username, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY_PAIR);
          notify.success(toast.setPassword.title, toast.setPassword.success);
        },
        onError: (e) => notify.error(toast.setPassword.title, toast.setPassword.error, e),
      },
    ),
  );

  return (
    <PasswordItem
      onSubmit={onSave}
      onCancel={() => form.reset(EMPTY_PAIR)}
      cancelLabel={text.cancelPasswordChange}
      saveLabel={text.saveNewPassword}
      valid={valid}
      busy={setPassword.isPending}
      buttonsClassName="d-flex flex-wrap gap-2"
    >
      <NewPasswordFields
        idPrefix="edit-user"
        form={form}
        newField="newPassword"
        verifyField="verifyPassword"
      />
    </PasswordItem>
  );
}
