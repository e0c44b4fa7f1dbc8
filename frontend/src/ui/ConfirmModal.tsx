import { type ReactNode, useId } from 'react';
import { Button, Modal } from 'react-bootstrap';

/**
 * A question in a static modal: the title names the dialog, "no" closes it, "yes" confirms
 * (disabled while busy). The screen passes its own texts from contracts: the action's name where
 * the spec words none, its Yes/No where it does; red (danger) only for a destructive action.
 */
export function ConfirmModal({
  title,
  children,
  yesLabel,
  noLabel,
  onYes,
  onNo,
  busy,
  variant = 'danger',
}: {
  title: string;
  children: ReactNode;
  yesLabel: string;
  noLabel: string;
  onYes: () => void;
  onNo: () => void;
  busy?: boolean;
  variant?: 'danger' | 'warning' | 'primary';
}) {
  const titleId = useId();
  return (
    <Modal show onHide={onNo} backdrop="static" centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onNo}>
          {noLabel}
        </Button>
        <Button variant={variant} onClick={onYes} disabled={busy}>
          {yesLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
