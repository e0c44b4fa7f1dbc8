import {
  MEDIA_ADMIN_LABELS,
  MEDIA_TOAST_TEXT,
  MEDIA_VALIDATION_TEXT,
  type MediaCompany,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { ApiError } from '../../../api/api-error';
import { useRemoveTagFolder } from '../../../api/useMediaAdmin';
import { notify } from '../../../ui/notify';

/**
 * Remove Tag Folder (spec media §5, §8): the confirmation names the tag, the company and how many
 * stores have it; then the company and its stores (one backend call), then the media server.
 */
export function RemoveTagFolderModal({
  company,
  mediaFolderName,
  tag,
  onClose,
}: {
  company: MediaCompany;
  mediaFolderName: string;
  tag: string;
  onClose: () => void;
}) {
  const remove = useRemoveTagFolder();
  const [busy, setBusy] = useState(false);
  const stores = company.stores.filter((s) => s.tags.includes(tag)).length;
  const title = MEDIA_ADMIN_LABELS.toastTitle.removeTagFolder;

  const confirm = async () => {
    setBusy(true);
    try {
      let updated: MediaCompany;
      try {
        updated = await remove.removeFromCompany(company.companyId, tag);
      } catch (e) {
        const activeSchedules =
          e instanceof ApiError && e.body?.message === MEDIA_VALIDATION_TEXT.tagHasActiveSchedules;
        notify.error(
          title,
          activeSchedules
            ? MEDIA_VALIDATION_TEXT.tagHasActiveSchedules
            : MEDIA_TOAST_TEXT.removeTagFailed,
        );
        return;
      }
      notify.success(title, MEDIA_ADMIN_LABELS.tagFolderRemoved(tag));
      if (updated.stores.some((s) => s.tags.includes(tag)))
        notify.error(title, MEDIA_TOAST_TEXT.tagRemoveFromStoresFailed);
      else notify.success(title, MEDIA_TOAST_TEXT.tagRemovedFromStores);
      try {
        await remove.removeFromServer(mediaFolderName, tag);
        notify.success(title, MEDIA_TOAST_TEXT.tagFolderRemovedFromServer);
      } catch {
        notify.error(title, MEDIA_ADMIN_LABELS.tagFolderRemoveFromServerFailed);
      }
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="media-remove-tag-title">
      <Modal.Header closeButton>
        <Modal.Title id="media-remove-tag-title">
          {MEDIA_ADMIN_LABELS.removeTagFolderTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {MEDIA_ADMIN_LABELS.removeTagFolderConfirm(tag, company.companyName, stores)}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {MEDIA_ADMIN_LABELS.cancel}
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
          {MEDIA_ADMIN_LABELS.remove}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
