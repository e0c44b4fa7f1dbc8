import { BACKUP_MODAL_TEXT } from '@store-cloud/contracts';
import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';

/** A yes/no question: Delete Server, Delete Backup and Confirm Restore. */
export function ConfirmModal({
  title,
  children,
  onYes,
  onNo,
  busy,
  variant = 'danger',
}: {
  title: string;
  children: ReactNode;
  onYes: () => void;
  onNo: () => void;
  busy?: boolean;
  variant?: 'danger' | 'warning';
}) {
  return (
    <Modal show onHide={onNo} backdrop="static" centered aria-labelledby="confirm-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onNo}>
          {BACKUP_MODAL_TEXT.no}
        </Button>
        <Button variant={variant} onClick={onYes} disabled={busy}>
          {BACKUP_MODAL_TEXT.yes}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
