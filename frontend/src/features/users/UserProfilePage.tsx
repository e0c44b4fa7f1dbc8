import { zodResolver } from '@hookform/resolvers/zod';
import {
  MFA_TEXT,
  PASSKEY_TEXT,
  type ProfilePasswordForm,
  profilePasswordFormSchema,
  TOAST,
  USER_ADMIN_LABELS,
  USERS_TEXT,
  VALIDATION,
} from '@store-cloud/contracts';
import { Accordion, Button, Form } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../api/api-error';
import { useChangePassword } from '../../api/useUserAdmin';
import { useLogout } from '../../app/useLogout';
import { useSession } from '../../auth/useSession';
import { notify } from '../../ui/notify';
import { ActiveSessions } from './ActiveSessions';
import { NewPasswordFields, PasswordInput } from './password-fields';
import { Breakable } from '../../ui/Breakable';
import { TwoStepSignIn } from './TwoStepSignIn';
import { Passkeys } from './Passkeys';

const EMPTY: ProfilePasswordForm = { currentPassword: '', newPassword: '', verifyPassword: '' };

/**
 * User profile (spec §2): the user name, changing one's own password (which ends every session,
 * this one too: the user logs in again with it, issue 23), two-step sign-in (issue 27) and the
 * active sessions.
 */
export function UserProfilePage() {
  const session = useSession();
  const change = useChangePassword();
  const logout = useLogout();
  const form = useForm<ProfilePasswordForm>({
    resolver: zodResolver(profilePasswordFormSchema),
    defaultValues: EMPTY,
    mode: 'onBlur',
  });
  const errors = form.formState.errors;
  // Judged on every keystroke, while the messages follow the spec's timing (password-fields).
  const isValid = profilePasswordFormSchema.safeParse(useWatch({ control: form.control })).success;

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
          notify.success(TOAST.setPassword.title, TOAST.setPassword.success);
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
        <Accordion.Item eventKey="password">
          <Accordion.Header>{USERS_TEXT.changePassword}</Accordion.Header>
          <Accordion.Body>
            <Form noValidate onSubmit={onSubmit}>
              <PasswordInput
                id="profile-current-password"
                label={USER_ADMIN_LABELS.currentPassword}
                autoComplete="current-password"
                error={errors.currentPassword?.message}
                registration={form.register('currentPassword')}
              />
              <NewPasswordFields
                idPrefix="profile"
                form={form}
                newField="newPassword"
                verifyField="verifyPassword"
              />
              <div className="d-flex gap-2 justify-content-end">
                <Button variant="secondary" onClick={() => form.reset(EMPTY)}>
                  {USER_ADMIN_LABELS.cancel}
                </Button>
                {isValid && (
                  <Button type="submit" disabled={change.isPending}>
                    {USER_ADMIN_LABELS.save}
                  </Button>
                )}
              </div>
            </Form>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="mfa">
          <Accordion.Header>{MFA_TEXT.section}</Accordion.Header>
          <Accordion.Body>
            <TwoStepSignIn />
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="passkeys">
          <Accordion.Header>{PASSKEY_TEXT.heading}</Accordion.Header>
          <Accordion.Body>
            <Passkeys />
          </Accordion.Body>
        </Accordion.Item>
      </Accordion>
      <ActiveSessions />
    </section>
  );
}
