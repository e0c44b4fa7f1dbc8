import {
  LOGIN_TEXT,
  type LoginResult,
  ROUTES,
  SSO_ERRORS,
  SSO_TEXT,
  type SsoError,
} from '@store-cloud/contracts';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { reasonOf } from '../../api/api-error';
import { useSsoComplete } from '../../api/useSso';
import { clearSession, storeToken } from '../../auth/session-storage';
import { sessionFromToken } from '../../auth/token';
import { LoginCard } from './LoginCard';

const isSsoError = (value: string | null): value is SsoError =>
  SSO_ERRORS.includes(value as SsoError);

/**
 * Where the backend's single sign-on callback sends the browser: with `code`, the one-time code
 * is exchanged for the usual login answer (once: it is used up by the first try); with `error`,
 * its text from the contracts.
 */
export function SsoCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = useSsoComplete();
  const [problem, setProblem] = useState<string | null>(() => {
    const error = params.get('error');
    if (error !== null) return isSsoError(error) ? SSO_TEXT.errors[error] : LOGIN_TEXT.failed;
    return params.get('code') ? null : SSO_TEXT.codeInvalid;
  });
  const sent = useRef(false);

  useEffect(() => {
    const code = params.get('code');
    // Once, even when React runs the effect twice: a second try would find the code used.
    if (!code || problem || sent.current) return;
    sent.current = true;
    complete.mutate(
      { code },
      {
        onSuccess: (result: LoginResult) => {
          if (!result.enabled) {
            clearSession();
            return setProblem(LOGIN_TEXT.disabled);
          }
          if (!result.token || !sessionFromToken(result.token)) {
            return setProblem(LOGIN_TEXT.failed);
          }
          storeToken(result.token);
          void navigate(ROUTES.home, { replace: true });
        },
        onError: (error) => setProblem(reasonOf(error) ?? LOGIN_TEXT.failed),
      },
    );
  }, [params, problem, complete, navigate]);

  return (
    <LoginCard>
      {problem ? (
        <>
          <Alert variant="warning">{problem}</Alert>
          <Button
            variant="primary"
            className="w-100"
            onClick={() => void navigate(ROUTES.login, { replace: true })}
          >
            {LOGIN_TEXT.returnToLogin}
          </Button>
        </>
      ) : (
        <div className="d-flex align-items-center gap-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          {SSO_TEXT.completing}
        </div>
      )}
    </LoginCard>
  );
}
