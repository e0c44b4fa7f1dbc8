import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_CODE, type LoginResult, mfaLoginRequestSchema } from '@store-cloud/contracts';
import { type ReactNode, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { useMfaLogin } from '../../api/useMfa';
import { toastSet } from '../../i18n/sets/common';
import { accountMessageSets, mfaTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';
import { FormField } from '../../ui/FormField';
import { notify } from '../../ui/notify';
import { knownReasonOf, useKnownText } from '../../i18n/known-text';

const codeFormSchema = mfaLoginRequestSchema.pick({ code: true });
type CodeForm = z.input<typeof codeFormSchema>;

/**
 * The login's second step (issue 27): a code of the authenticator app, or one of the recovery
 * codes. `children`: further ways to finish (a passkey). A wrong code stays here; an expired
 * sign-in goes back to the password.
 */
export function MfaStep({
  mfaToken,
  onDone,
  onRestart,
  children,
}: {
  mfaToken: string;
  onDone: (result: LoginResult) => void;
  onRestart: () => void;
  children?: ReactNode;
}) {
  const [recovery, setRecovery] = useState(false);
  const login = useMfaLogin();
  const mfa = useTexts(mfaTextSet);
  const toast = useTexts(toastSet);
  const known = useKnownText(accountMessageSets);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CodeForm>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(({ code }) =>
    login.mutate(
      { mfaToken, code },
      {
        onSuccess: onDone,
        onError: (error) => {
          reset({ code: '' });
          if (error instanceof ApiError && error.code === ERROR_CODE.invalidCredentials) {
            setError('code', {
              message: knownReasonOf(error, accountMessageSets) ?? mfa.wrongCode,
            });
            return;
          }
          notify.error(toast.login.title, knownReasonOf(error, accountMessageSets) ?? mfa.expired);
          if (error instanceof ApiError && error.status === 401) onRestart();
        },
      },
    ),
  );

  const toggle = () => {
    reset({ code: '' });
    setRecovery((r) => !r);
  };

  return (
    <Form noValidate onSubmit={onSubmit}>
      <h2 className="h5">{mfa.heading}</h2>
      <p className="text-body-secondary">{recovery ? mfa.enterRecoveryCode : mfa.enterCode}</p>
      <FormField
        key={recovery ? 'recovery' : 'totp'}
        id="mfa-code"
        label={recovery ? mfa.recoveryCodeLabel : mfa.codeLabel}
        type="text"
        autoComplete="one-time-code"
        autoFocus
        error={known(errors.code?.message)}
        registration={register('code')}
      />
      <Button type="submit" variant="primary" className="w-100 mb-2" disabled={login.isPending}>
        {login.isPending && (
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        )}
        {mfa.verify}
      </Button>
      {children}
      <div className="d-flex justify-content-between flex-wrap gap-2 mt-2">
        <Button variant="link" className="p-0" onClick={toggle}>
          {recovery ? mfa.useAuthenticator : mfa.useRecoveryCode}
        </Button>
        <Button variant="link" className="p-0" onClick={onRestart}>
          {mfa.backToLogin}
        </Button>
      </div>
    </Form>
  );
}
