import { MEDIA_LABELS, type MediaCompany } from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { validateUpdate } from './media-rules';
import { DestinationSelect, FilesAndError } from './PlacementFields';

/**
 * Update Media Now (spec §5): the selected pending files go straight into a tag folder. Files of
 * the same names already live there are replaced only after the user is told and confirms.
 */
export function UpdateMediaModal({
  company,
  files,
  busy,
  liveIn,
  onCancel,
  onUpdate,
}: {
  company: MediaCompany;
  files: readonly string[];
  busy: boolean;
  /** Which of `files` are live in `tag` already. */
  liveIn: (tag: string) => string[];
  onCancel: () => void;
  onUpdate: (tag: string, replace: boolean) => void;
}) {
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | null>(null);
  const clashes = tag ? liveIn(tag) : [];
  const submit = () => {
    const problem = validateUpdate(files, tag);
    setError(problem ?? null);
    if (!problem) onUpdate(tag, clashes.length > 0);
  };
  return (
    <Modal show onHide={onCancel} backdrop="static" centered aria-labelledby="update-media-title">
      <Modal.Header closeButton>
        <Modal.Title id="update-media-title">{MEDIA_LABELS.updateMediaTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <DestinationSelect
          id="update-media-destination"
          company={company}
          value={tag}
          onChange={setTag}
        />
        {clashes.length > 0 && (
          <Alert variant="warning" className="text-break">
            {MEDIA_LABELS.liveInTag(tag, clashes)}
          </Alert>
        )}
        <FilesAndError files={files} error={error} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          {MEDIA_LABELS.cancel}
        </Button>
        <Button variant={clashes.length ? 'danger' : 'primary'} onClick={submit} disabled={busy}>
          {clashes.length ? MEDIA_LABELS.replaceAndUpdate : MEDIA_LABELS.update}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
