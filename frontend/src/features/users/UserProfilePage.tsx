import {
  type ProfilePasswordForm,
  profilePasswordFormSchema,
  VALIDATION,
} from '@store-cloud/contracts';
import { Accordion } from 'react-bootstrap';
import { ApiError } from '../../api/api-error';
import { useChangePassword } from '../../api/useUserAdmin';
import { useLogout } from '../../app/useLogout';
import { useSession } from '../../auth/useSession';
import { notify } from '../../ui/notify';
import { ActiveSessions } from './ActiveSessions';
import { NewPasswordFields, PasswordInput } from './password-fields';
import { PasswordItem, usePasswordForm } from './PasswordItem';
import { Breakable } from '../../ui/Breakable';
import { TwoStepSignIn } from './TwoStepSignIn';
import { Passkeys } from './Passkeys';
import { useKnownText } from '../../i18n/known-text';
import { toastSet } from '../../i18n/sets/common';
import {
  accountMessageSets,
  mfaTextSet,
  passkeyTextSet,
  userAdminLabelsSet,
} from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

const EMPTY: ProfilePasswordForm = { currentPassword: '', newPassword: '', verifyPassword: '' };

/**
 * User profile (spec §2): the user name, changing one's own password (which ends every session,
 * this one too: the user logs in again with it, issue 23), two-step sign-in (issue 27) and the
 * active sessions.
 */
export function UserProfilePage() {
  const session = useSession();
  const change = useChangePassword();
  const mfa = useTexts(mfaTextSet);
  const passkey = useTexts(passkeyTextSet);
  const toast = useTexts(toastSet);
  const labels = useTexts(userAdminLabelsSet);
  const logout = useLogout();
  const { form, valid } = usePasswordForm<ProfilePasswordForm>(profilePasswordFormSchema, EMPTY);
  const errors = form.formState.errors;
  const known = useKnownText(accountMessageSets);

  const onSubmit = form.handleSubmit((values) => {
    if (!session) return;
    change.mutate(
      {
        username: session.name,
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          notify.success(toast.setPassword.title, toast.setPassword.success);
          logout();
        },
        onError: (error) => {
          // Spec §8: only 'Current password error' is shown, under the field, which is cleared.
          if (
            error instanceof ApiError &&
            error.body?.message === VALIDATION.currentPasswordError
          ) {
            form.setValue('currentPassword', '');
            form.setError('currentPassword', { message: VALIDATION.currentPasswordError });
          }
        },
      },
    );
  });

  return (
    <section>
      <h1 className="h3 mb-3">
        <Breakable text={session?.name ?? ''} />
      </h1>
      <Accordion className="col-12 col-md-8 col-lg-6">
        <PasswordItem
          onSubmit={onSubmit}
          onCancel={() => form.reset(EMPTY)}
          cancelLabel={labels.cancel}
          saveLabel={labels.save}
          valid={valid}
          busy={change.isPending}
          buttonsClassName="d-flex gap-2 justify-content-end"
        >
          <PasswordInput
            id="profile-current-password"
            label={labels.currentPassword}
            autoComplete="current-password"
            error={known(errors.currentPassword?.message)}
            registration={form.register('currentPassword')}
          />
          <NewPasswordFields
            idPrefix="profile"
            form={form}
            newField="newPassword"
            verifyField="verifyPassword"
          />
        </PasswordItem>
        <Accordion.Item eventKey="mfa">
          <Accordion.Header>{mfa.section}</Accordion.Header>
          <Accordion.Body>
            <TwoStepSignIn />
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="passkeys">
          <Accordion.Header>{passkey.heading}</Accordion.Header>
          <Accordion.Body>
            <Passkeys />
          </Accordion.Body>
        </Accordion.Item>
      </Accordion>
      <ActiveSessions />
    </section>
  );
}
