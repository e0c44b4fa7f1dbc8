import { MFA_TEXT } from '@store-cloud/contracts';
import { Alert, Button } from 'react-bootstrap';
import { notify } from '../../ui/notify';

/** The recovery codes of a fresh enrolment, shown once, with copy and download. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const copy = () =>
    void navigator.clipboard
      .writeText(text)
      .then(() => notify.success(MFA_TEXT.recoveryHeading, MFA_TEXT.copied))
      .catch(() => notify.error(MFA_TEXT.recoveryHeading, MFA_TEXT.failed));
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = MFA_TEXT.recoveryFileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-label={MFA_TEXT.recoveryHeading}>
      <h3 className="h6">{MFA_TEXT.recoveryHeading}</h3>
      <Alert variant="warning">{MFA_TEXT.recoveryNote}</Alert>
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
          {MFA_TEXT.copy}
        </Button>
        <Button variant="outline-secondary" onClick={download}>
          {MFA_TEXT.download}
        </Button>
        <Button variant="primary" className="ms-auto" onClick={onDone}>
          {MFA_TEXT.done}
        </Button>
      </div>
    </section>
  );
}
