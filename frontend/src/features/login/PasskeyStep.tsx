import type { LoginResult } from '@store-cloud/contracts';
import { Button } from 'react-bootstrap';
import { mfaTextSet, passkeyTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';
import { PasskeySignInButton } from './PasskeySignInButton';

/** The login's second step of an account whose only second factor is a passkey (issue 27). */
export function PasskeyStep({
  mfaToken,
  onDone,
  onRestart,
}: {
  mfaToken: string;
  onDone: (result: LoginResult) => void;
  onRestart: () => void;
}) {
  const mfa = useTexts(mfaTextSet);
  const passkey = useTexts(passkeyTextSet);
  return (
    <div>
      <h2 className="h5">{mfa.heading}</h2>
      <p className="text-body-secondary">{passkey.secondStep}</p>
      <PasskeySignInButton mfaToken={mfaToken} onDone={onDone} />
      <Button variant="link" className="p-0 mt-3" onClick={onRestart}>
        {mfa.backToLogin}
      </Button>
    </div>
  );
}
