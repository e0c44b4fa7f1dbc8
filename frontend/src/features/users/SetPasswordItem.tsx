import { type PasswordPair, passwordPairSchema, TOAST, USERS_TEXT } from '@store-cloud/contracts';
import { useSetPassword } from '../../api/useUserAdmin';
import { notify } from '../../ui/notify';
import { NewPasswordFields } from './password-fields';
import { PasswordItem, usePasswordForm } from './PasswordItem';

const EMPTY_PAIR: PasswordPair = { newPassword: '', verifyPassword: '' };

/** Edit user's Change Password section: a new password for the user, typed twice. */
export function SetPasswordItem({ username }: { username: string }) {
  const setPassword = useSetPassword();
  const { form, valid } = usePasswordForm<PasswordPair>(passwordPairSchema, EMPTY_PAIR);

  const onSave = form.handleSubmit((values) =>
    setPassword.mutate(
      { username, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY_PAIR);
          notify.success(TOAST.setPassword.title, TOAST.setPassword.success);
        },
        onError: (e) => notify.error(TOAST.setPassword.title, TOAST.setPassword.error, e),
      },
    ),
  );

  return (
    <PasswordItem
      onSubmit={onSave}
      onCancel={() => form.reset(EMPTY_PAIR)}
      cancelLabel={USERS_TEXT.cancelPasswordChange}
      saveLabel={USERS_TEXT.saveNewPassword}
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
