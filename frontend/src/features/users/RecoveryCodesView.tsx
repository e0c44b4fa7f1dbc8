import { Alert, Button } from 'react-bootstrap';
import { notify } from '../../ui/notify';
import { mfaTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/** The recovery codes of a fresh enrolment, shown once, with copy and download. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const mfa = useTexts(mfaTextSet);
  const text = `${codes.join('\n')}\n`;
  const copy = () =>
    void navigator.clipboard
      .writeText(text)
      .then(() => notify.success(mfa.recoveryHeading, mfa.copied))
      .catch(() => notify.error(mfa.recoveryHeading, mfa.failed));
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = mfa.recoveryFileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-label={mfa.recoveryHeading}>
      <h3 className="h6">{mfa.recoveryHeading}</h3>
      <Alert variant="warning">{mfa.recoveryNote}</Alert>
      <ul
        className="list-unstyled font-monospace row row-cols-2 g-1 mb-3"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ul>
      <div className="d-flex gap-2 flex-wrap">
        <Button variant="outline-secondary" onClick={copy}>
          {mfa.copy}
        </Button>
        <Button variant="outline-secondary" onClick={download}>
          {mfa.download}
        </Button>
        <Button variant="primary" className="ms-auto" onClick={onDone}>
          {mfa.done}
        </Button>
      </div>
    </section>
  );
}
