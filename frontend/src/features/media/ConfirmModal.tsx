import { MEDIA_LABELS } from '@store-cloud/contracts';
import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';

/** A yes/no question of the media screen: delete, expire and move files, delete a schedule. */
export function ConfirmModal({
  title,
  children,
  onYes,
  onNo,
  busy,
}: {
  title: string;
  children: ReactNode;
  onYes: () => void;
  onNo: () => void;
  busy?: boolean;
}) {
  return (
    <Modal show onHide={onNo} backdrop="static" centered aria-labelledby="media-confirm-title">
      <Modal.Header closeButton>
        <Modal.Title id="media-confirm-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onNo}>
          {MEDIA_LABELS.no}
        </Button>
        <Button variant="danger" onClick={onYes} disabled={busy}>
          {MEDIA_LABELS.yes}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
