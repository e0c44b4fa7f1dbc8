import { MEDIA_LABELS, type MediaCompany } from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { validateUpdate } from './media-rules';

/** Update Media Now (spec §5): the selected pending files go straight into a tag folder. */
export function UpdateMediaModal({
  company,
  files,
  busy,
  onCancel,
  onUpdate,
}: {
  company: MediaCompany;
  files: readonly string[];
  busy: boolean;
  onCancel: () => void;
  onUpdate: (tag: string) => void;
}) {
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const problem = validateUpdate(files, tag);
    setError(problem ?? null);
    if (!problem) onUpdate(tag);
  };
  return (
    <Modal show onHide={onCancel} backdrop="static" centered aria-labelledby="update-media-title">
      <Modal.Header closeButton>
        <Modal.Title id="update-media-title">{MEDIA_LABELS.updateMediaTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group className="mb-3" controlId="update-media-destination">
          <Form.Label>{MEDIA_LABELS.destination}</Form.Label>
          <Form.Select value={tag} onChange={(e) => setTag(e.target.value)}>
            <option value="">{MEDIA_LABELS.selectDestination}</option>
            {company.tagsList.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <p className="mb-1">{MEDIA_LABELS.scheduleFiles}</p>
        <ul className="small text-break" style={{ maxHeight: 150, overflowY: 'auto' }}>
          {files.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        {error && (
          <Alert variant="danger" className="mb-0">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          {MEDIA_LABELS.cancel}
        </Button>
        <Button onClick={submit} disabled={busy}>
          {MEDIA_LABELS.update}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
