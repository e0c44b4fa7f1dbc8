import { BACKUP_MODAL_TEXT, type BackupSummary } from '@store-cloud/contracts';
import { Alert, Button, Modal } from 'react-bootstrap';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { BackupContentSummary } from './BackupContentSummary';
import { backupTime } from './BackupTables';
import { useBackupDetail } from './useBackups';

/**
 * View Backup: a summary of the backup's content, then its content as formatted JSON (spec §2),
 * and OK.
 */
export function ViewBackupModal({
  backup,
  onClose,
}: {
  backup: BackupSummary;
  onClose: () => void;
}) {
  const detail = useBackupDetail(backup._id);
  return (
    <Modal show onHide={onClose} size="xl" centered scrollable aria-labelledby="view-title">
      <Modal.Header closeButton>
        <Modal.Title id="view-title">
          {BACKUP_MODAL_TEXT.viewBackup}: {backup.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {detail.isPending ? (
          <LoadingSpinner />
        ) : detail.isError ? (
          <Alert variant="danger">{detail.error.message}</Alert>
        ) : (
          <BackupContentSummary detail={detail.data} taken={backupTime(backup)} />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>{BACKUP_MODAL_TEXT.ok}</Button>
      </Modal.Footer>
    </Modal>
  );
}
