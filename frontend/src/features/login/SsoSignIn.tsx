import { SSO_API, SSO_TEXT } from '@store-cloud/contracts';
import { useSsoStatus } from '../../api/useSso';

/**
 * "Sign in with …" under the login form when single sign-on is configured: a plain link, so the
 * browser itself follows the backend's redirect to the identity provider.
 */
export function SsoSignIn() {
  const { data } = useSsoStatus();
  if (!data?.enabled) return null;
  return (
    <div className="mt-3">
      <div className="text-center text-body-secondary small my-2">{SSO_TEXT.or}</div>
      <a className="btn btn-outline-primary w-100" href={SSO_API.start}>
        {SSO_TEXT.signInWith(data.label ?? '')}
      </a>
    </div>
  );
}
