import { SSO_API } from '@store-cloud/contracts';
import { useSsoStatus } from '../../api/useSso';
import { ssoTextSet } from '../../i18n/sets/login';
import { useTexts } from '../../i18n/useTexts';

/**
 * "Sign in with …" under the login form when single sign-on is configured: a plain link, so the
 * browser itself follows the backend's redirect to the identity provider.
 */
export function SsoSignIn() {
  const { data } = useSsoStatus();
  const sso = useTexts(ssoTextSet);
  if (!data?.enabled) return null;
  return (
    <div className="mt-3">
      <div className="text-center text-body-secondary small my-2">{sso.or}</div>
      <a className="btn btn-outline-primary w-100" href={SSO_API.start}>
        {sso.signInWith(data.label ?? '')}
      </a>
    </div>
  );
}
