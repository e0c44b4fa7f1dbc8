import {
  MEDIA_ADMIN_LABELS,
  MEDIA_TOAST_TEXT,
  MEDIA_VALIDATION_TEXT,
  type MediaCompany,
} from '@store-cloud/contracts';
import { Button, Modal } from 'react-bootstrap';
import { ApiError } from '../../../api/api-error';
import { failedOnMediaServer, useRemoveTagFolder } from '../../../api/useMediaAdmin';
import { notify } from '../../../ui/notify';

/**
 * Remove Tag Folder (spec media §5, §8): the confirmation names the tag, the company and how many
 * stores have it; one backend call removes the folder on the media server and the tag from the
 * company and its stores. The toasts report each part as the spec words them.
 */
export function RemoveTagFolderModal({
  company,
  tag,
  onClose,
}: {
  company: MediaCompany;
  tag: string;
  onClose: () => void;
}) {
  const remove = useRemoveTagFolder();
  const busy = remove.isPending;
  const stores = company.stores.filter((s) => s.tags.includes(tag)).length;
  const title = MEDIA_ADMIN_LABELS.toastTitle.removeTagFolder;

  const confirm = () =>
    remove.mutate(
      { companyId: company.companyId, removeTag: tag },
      {
        onSuccess: (updated) => {
          notify.success(title, MEDIA_ADMIN_LABELS.tagFolderRemoved(tag));
          if (updated.stores.some((s) => s.tags.includes(tag)))
            notify.error(title, MEDIA_TOAST_TEXT.tagRemoveFromStoresFailed);
          else notify.success(title, MEDIA_TOAST_TEXT.tagRemovedFromStores);
          notify.success(title, MEDIA_TOAST_TEXT.tagFolderRemovedFromServer);
        },
        onError: (e) => {
          const activeSchedules =
            e instanceof ApiError &&
            e.body?.message === MEDIA_VALIDATION_TEXT.tagHasActiveSchedules;
          notify.error(
            title,
            activeSchedules
              ? MEDIA_VALIDATION_TEXT.tagHasActiveSchedules
              : failedOnMediaServer(e)
                ? MEDIA_ADMIN_LABELS.tagFolderRemoveFromServerFailed
                : MEDIA_TOAST_TEXT.removeTagFailed,
          );
        },
        onSettled: onClose,
      },
    );

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
        <Button variant="danger" onClick={confirm} disabled={busy}>
          {MEDIA_ADMIN_LABELS.remove}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
