import { zodResolver } from '@hookform/resolvers/zod';
import {
  ERROR_CODE,
  type LoginResult,
  MFA_TEXT,
  mfaLoginRequestSchema,
  TOAST,
} from '@store-cloud/contracts';
import { type ReactNode, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, reasonOf } from '../../api/api-error';
import { useMfaLogin } from '../../api/useMfa';
import { FormField } from '../../ui/FormField';
import { notify } from '../../ui/notify';

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
            setError('code', { message: reasonOf(error) ?? MFA_TEXT.wrongCode });
            return;
          }
          notify.error(TOAST.login.title, reasonOf(error) ?? MFA_TEXT.expired);
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
      <h2 className="h5">{MFA_TEXT.heading}</h2>
      <p className="text-body-secondary">
        {recovery ? MFA_TEXT.enterRecoveryCode : MFA_TEXT.enterCode}
      </p>
      <FormField
        key={recovery ? 'recovery' : 'totp'}
        id="mfa-code"
        label={recovery ? MFA_TEXT.recoveryCodeLabel : MFA_TEXT.codeLabel}
        type="text"
        autoComplete="one-time-code"
        autoFocus
        error={errors.code?.message}
        registration={register('code')}
      />
      <Button type="submit" variant="primary" className="w-100 mb-2" disabled={login.isPending}>
        {login.isPending && (
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        )}
        {MFA_TEXT.verify}
      </Button>
      {children}
      <div className="d-flex justify-content-between flex-wrap gap-2 mt-2">
        <Button variant="link" className="p-0" onClick={toggle}>
          {recovery ? MFA_TEXT.useAuthenticator : MFA_TEXT.useRecoveryCode}
        </Button>
        <Button variant="link" className="p-0" onClick={onRestart}>
          {MFA_TEXT.backToLogin}
        </Button>
      </div>
    </Form>
  );
}
