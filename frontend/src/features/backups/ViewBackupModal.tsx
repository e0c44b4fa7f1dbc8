import { type BackupSummary } from '@store-cloud/contracts';
import { Alert, Button, Modal } from 'react-bootstrap';
import { backupModalTextSet } from '../../i18n/sets/backups';
import { useTexts } from '../../i18n/useTexts';
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
  const modalText = useTexts(backupModalTextSet);
  const detail = useBackupDetail(backup._id);
  return (
    <Modal show onHide={onClose} size="xl" centered scrollable aria-labelledby="view-title">
      <Modal.Header closeButton>
        <Modal.Title id="view-title">
          {modalText.viewBackup}: {backup.name}
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
        <Button onClick={onClose}>{modalText.ok}</Button>
      </Modal.Footer>
    </Modal>
  );
}
