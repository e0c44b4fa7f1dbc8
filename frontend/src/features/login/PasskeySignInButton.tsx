import type { LoginResult } from '@store-cloud/contracts';
import { Button, Spinner } from 'react-bootstrap';
import { usePasskeySignIn } from '../../api/usePasskeys';
import { toastSet } from '../../i18n/sets/common';
import { passkeyTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';
import { notify } from '../../ui/notify';
import { passkeyFailure } from '../users/passkey-failure';

/**
 * "Sign in with a passkey" (issue 27): alone on the login form, or with `mfaToken` as the
 * second step after the password ("Use a passkey"). `onDone` gets the usual login answer.
 */
export function PasskeySignInButton({
  mfaToken,
  onDone,
}: {
  mfaToken?: string;
  onDone: (result: LoginResult) => void;
}) {
  const signIn = usePasskeySignIn();
  const passkey = useTexts(passkeyTextSet);
  const toast = useTexts(toastSet);
  const onClick = () =>
    signIn.mutate(mfaToken, {
      onSuccess: onDone,
      onError: (error) => notify.error(toast.login.title, passkeyFailure(error, passkey.failed)),
    });
  return (
    <Button
      variant="outline-primary"
      className="w-100"
      onClick={onClick}
      disabled={signIn.isPending}
    >
      {signIn.isPending && (
        <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
      )}
      {mfaToken ? passkey.useInstead : passkey.signIn}
    </Button>
  );
}
