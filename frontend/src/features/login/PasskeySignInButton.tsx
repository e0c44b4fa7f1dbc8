import { type LoginResult, PASSKEY_TEXT, TOAST } from '@store-cloud/contracts';
import { Button, Spinner } from 'react-bootstrap';
import { usePasskeySignIn } from '../../api/usePasskeys';
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
  const onClick = () =>
    signIn.mutate(mfaToken, {
      onSuccess: onDone,
      onError: (error) =>
        notify.error(TOAST.login.title, passkeyFailure(error, PASSKEY_TEXT.failed)),
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
      {mfaToken ? PASSKEY_TEXT.useInstead : PASSKEY_TEXT.signIn}
    </Button>
  );
}
