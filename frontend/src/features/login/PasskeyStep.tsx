import { type LoginResult, MFA_TEXT, PASSKEY_TEXT } from '@store-cloud/contracts';
import { Button } from 'react-bootstrap';
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
  return (
    <div>
      <h2 className="h5">{MFA_TEXT.heading}</h2>
      <p className="text-body-secondary">{PASSKEY_TEXT.secondStep}</p>
      <PasskeySignInButton mfaToken={mfaToken} onDone={onDone} />
      <Button variant="link" className="p-0 mt-3" onClick={onRestart}>
        {MFA_TEXT.backToLogin}
      </Button>
    </div>
  );
}
