import { MEDIA_LABELS, type MediaCompany } from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { validateUpdate } from './media-rules';
import { DestinationSelect, FilesAndError } from './PlacementFields';

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
        <DestinationSelect
          id="update-media-destination"
          company={company}
          value={tag}
          onChange={setTag}
        />
        <FilesAndError files={files} error={error} />
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
