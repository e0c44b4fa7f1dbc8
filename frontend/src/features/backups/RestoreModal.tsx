import {
  BACKUP_MODAL_TEXT,
  BACKUP_TEXT,
  type BackupServer,
  type BackupSummary,
  VALIDATION,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';

/** Restore Backup: choose the server to restore to, then Cancel or Proceed (spec §2, §4). */
export function RestoreModal({
  backup,
  servers,
  onCancel,
  onProceed,
}: {
  backup: BackupSummary;
  servers: BackupServer[];
  onCancel: () => void;
  onProceed: (serverName: string) => void;
}) {
  const [serverName, setServerName] = useState('');
  const [error, setError] = useState('');
  const proceed = () => {
    if (!serverName) return setError(VALIDATION.restoreServerRequired);
    onProceed(serverName);
  };
  return (
    <Modal show onHide={onCancel} backdrop="static" centered aria-labelledby="restore-title">
      <Modal.Header closeButton>
        <Modal.Title id="restore-title">
          {BACKUP_MODAL_TEXT.restoreBackup}: {backup.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Select
          aria-label={BACKUP_TEXT.selectServer}
          value={serverName}
          isInvalid={!!error}
          onChange={(e) => {
            setServerName(e.target.value);
            setError('');
          }}
        >
          <option value="">{BACKUP_TEXT.selectServer}</option>
          {servers.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          {BACKUP_MODAL_TEXT.cancel}
        </Button>
        <Button onClick={proceed}>{BACKUP_MODAL_TEXT.proceed}</Button>
      </Modal.Footer>
    </Modal>
  );
}
