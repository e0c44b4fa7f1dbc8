import { useId } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { notify } from './notify';

/**
 * A secret the platform shows only once (a webhook's signing secret, an API token): read-only,
 * selected on focus, with a Copy button. The screen passes its own texts from contracts.
 */
export function ShownOnceModal({
  title,
  intro,
  label,
  value,
  texts,
  onClose,
}: {
  title: string;
  intro: string;
  label: string;
  value: string;
  texts: { copy: string; copied: string; copyFailed: string; close: string };
  onClose: () => void;
}) {
  const titleId = useId();
  const inputId = useId();
  const copy = () =>
    navigator.clipboard
      .writeText(value)
      .then(() => notify.success(title, texts.copied))
      .catch(() => notify.error(title, texts.copyFailed));
  return (
    <Modal show onHide={onClose} backdrop="static" centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{intro}</p>
        <Form.Group controlId={inputId}>
          <Form.Label>{label}</Form.Label>
          <div className="d-flex gap-2">
            <Form.Control
              readOnly
              value={value}
              className="font-monospace"
              onFocus={(e) => e.target.select()}
            />
            <Button variant="outline-primary" onClick={() => void copy()}>
              {texts.copy}
            </Button>
          </div>
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>{texts.close}</Button>
      </Modal.Footer>
    </Modal>
  );
}
