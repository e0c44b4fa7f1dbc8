import { type LoginResult, ROUTES, SSO_ERRORS, type SsoError } from '@store-cloud/contracts';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { reasonOf } from '../../api/api-error';
import { useSsoComplete } from '../../api/useSso';
import { clearSession, storeToken } from '../../auth/session-storage';
import { sessionFromToken } from '../../auth/token';
import { loginTextSet, ssoTextSet } from '../../i18n/sets/login';
import { useTexts } from '../../i18n/useTexts';
import { useKnownText } from '../../i18n/known-text';
import { accountMessageSets } from '../../i18n/sets/users';
import { LoginCard } from './LoginCard';

const isSsoError = (value: string | null): value is SsoError =>
  SSO_ERRORS.includes(value as SsoError);

/** What went wrong, told in the page's language when shown: the server's reason as it came. */
type Problem =
  | { ssoError: SsoError }
  | { login: 'failed' | 'disabled' }
  | { codeInvalid: true }
  | { reason: string };

/**
 * Where the backend's single sign-on callback sends the browser: with `code`, the one-time code
 * is exchanged for the usual login answer (once: it is used up by the first try); with `error`,
 * its text from the contracts.
 */
export function SsoCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = useSsoComplete();
  const login = useTexts(loginTextSet);
  const sso = useTexts(ssoTextSet);
  const known = useKnownText(accountMessageSets);
  const [problem, setProblem] = useState<Problem | null>(() => {
    const error = params.get('error');
    if (error !== null) return isSsoError(error) ? { ssoError: error } : { login: 'failed' };
    return params.get('code') ? null : { codeInvalid: true };
  });
  const say = (p: Problem) =>
    'ssoError' in p
      ? sso.errors[p.ssoError]
      : 'login' in p
        ? login[p.login]
        : 'reason' in p
          ? known(p.reason)
          : sso.codeInvalid;
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
            return setProblem({ login: 'disabled' });
          }
          if (!result.token || !sessionFromToken(result.token)) {
            return setProblem({ login: 'failed' });
          }
          storeToken(result.token);
          void navigate(ROUTES.home, { replace: true });
        },
        onError: (error) => {
          const reason = reasonOf(error);
          setProblem(reason ? { reason } : { login: 'failed' });
        },
      },
    );
  }, [params, problem, complete, navigate]);

  return (
    <LoginCard>
      {problem ? (
        <>
          <Alert variant="warning">{say(problem)}</Alert>
          <Button
            variant="primary"
            className="w-100"
            onClick={() => void navigate(ROUTES.login, { replace: true })}
          >
            {login.returnToLogin}
          </Button>
        </>
      ) : (
        <div className="d-flex align-items-center gap-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          {sso.completing}
        </div>
      )}
    </LoginCard>
  );
}
