import { type FormEventHandler, type ReactNode, useId } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';

/**
 * A form in a modal: the title names the dialog, the body holds the fields, the footer Cancel
 * (closes) and the submit button (disabled while busy). Static backdrop unless `dismissible`, so
 * a click beside it loses no typing.
 */
export function FormModal({
  title,
  onClose,
  onSubmit,
  cancelLabel,
  submitLabel,
  busy,
  size,
  centered,
  dismissible,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  cancelLabel: string;
  submitLabel: string;
  busy?: boolean;
  size?: 'lg' | 'xl';
  centered?: boolean;
  dismissible?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Modal
      show
      onHide={onClose}
      backdrop={dismissible ? true : 'static'}
      size={size}
      centered={centered}
      aria-labelledby={titleId}
    >
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
