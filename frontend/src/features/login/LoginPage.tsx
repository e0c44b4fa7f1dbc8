import { zodResolver } from '@hookform/resolvers/zod';
import {
  type LoginRequest,
  type LoginResult,
  type MfaMethod,
  loginRequestSchema,
  ROUTES,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useLogin } from '../../api/useLogin';
import { clearSession, storeToken } from '../../auth/session-storage';
import { sessionFromToken } from '../../auth/token';
import { portalLabelsSet, toastSet } from '../../i18n/sets/common';
import { loginTextSet } from '../../i18n/sets/login';
import { useTexts } from '../../i18n/useTexts';
import { FormField } from '../../ui/FormField';
import { notify } from '../../ui/notify';
import { SsoSignIn } from './SsoSignIn';
import { MfaStep } from './MfaStep';
import { PasskeySignInButton } from './PasskeySignInButton';
import { PasskeyStep } from './PasskeyStep';
import { FirstSteps } from '../users/FirstSteps';
import { useKnownText } from '../../i18n/known-text';
import { accountMessageSets } from '../../i18n/sets/users';
import { LoginCard } from './LoginCard';

const EMPTY: LoginRequest = { username: '', password: '' };

/**
 * Login (spec §2 Login): the form, the second step of an account with a second factor (issue
 * 27), or the disabled-account view after a disabled account signed in. One centred card whose
 * width follows the screen.
 */
export function LoginPage() {
  const [disabled, setDisabled] = useState(false);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [mfaMethods, setMfaMethods] = useState<MfaMethod[]>([]);
  const navigate = useNavigate();
  const login = useLogin();
  const T = useTexts(loginTextSet);
  const portal = useTexts(portalLabelsSet);
  const toast = useTexts(toastSet);
  const known = useKnownText(accountMessageSets);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<LoginRequest>({ resolver: zodResolver(loginRequestSchema), defaultValues: EMPTY });

  const fail = () => {
    reset(EMPTY);
    notify.error(toast.login.title, T.failed);
  };

  const showDisabled = () => {
    // A disabled account must not keep any earlier session either.
    clearSession();
    reset(EMPTY);
    setDisabled(true);
  };

  /** The usual login answer, after the password or its second step. */
  const finish = (result: LoginResult) => {
    // A passkey alone may sign in a disabled account: it learns so, as with its password.
    if (!result.enabled) return showDisabled();
    // A token the portal cannot read would only bounce the user back here without a word.
    if (!result.success || !result.token || !sessionFromToken(result.token)) return fail();
    storeToken(result.token);
    // MFA_REQUIRED_ROLES: such a token reaches only the second factor's set-up.
    void navigate(result.mfaEnrolmentRequired ? ROUTES.mfaEnrol : ROUTES.home);
  };

  const onSubmit = handleSubmit((credentials) =>
    login.mutate(credentials, {
      onSuccess: (result) => {
        if (result.mfaRequired && result.mfaToken) {
          reset(EMPTY);
          setMfaToken(result.mfaToken);
          setMfaMethods(result.mfaMethods ?? []);
          return;
        }
        finish(result);
      },
      onError: fail,
    }),
  );

  return (
    <LoginCard>
      {disabled ? (
        <>
          <Alert variant="warning">{T.disabled}</Alert>
          <div className="mb-3">
            <FirstSteps disabled />
          </div>
          <Button variant="primary" className="w-100" onClick={() => setDisabled(false)}>
            {T.returnToLogin}
          </Button>
        </>
      ) : mfaToken && !mfaMethods.includes('totp') ? (
        <PasskeyStep mfaToken={mfaToken} onDone={finish} onRestart={() => setMfaToken(null)} />
      ) : mfaToken ? (
        <MfaStep mfaToken={mfaToken} onDone={finish} onRestart={() => setMfaToken(null)}>
          {mfaMethods.includes('passkey') && (
            <PasskeySignInButton mfaToken={mfaToken} onDone={finish} />
          )}
        </MfaStep>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <FormField
            id="login-username"
            label={portal.username}
            type="text"
            autoComplete="username"
            autoFocus
            error={known(errors.username?.message)}
            registration={register('username')}
          />
          <FormField
            id="login-password"
            label={portal.password}
            className="mb-4"
            type="password"
            autoComplete="current-password"
            error={known(errors.password?.message)}
            registration={register('password')}
          />
          <Button type="submit" variant="primary" className="w-100" disabled={login.isPending}>
            {login.isPending && (
              <Spinner
                as="span"
                animation="border"
                size="sm"
                className="me-2"
                aria-hidden="true"
                data-testid="login-spinner"
              />
            )}
            {portal.login}
          </Button>
          <SsoSignIn />
          <div className="mt-3">
            <PasskeySignInButton onDone={finish} />
          </div>
        </Form>
      )}
    </LoginCard>
  );
}
