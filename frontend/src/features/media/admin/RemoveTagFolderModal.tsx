import { type MediaCompany } from '@store-cloud/contracts';
import { Button, Modal } from 'react-bootstrap';
import { ApiError } from '../../../api/api-error';
import { failedOnMediaServer, useRemoveTagFolder } from '../../../api/useMediaAdmin';
import { notify } from '../../../ui/notify';
import {
  mediaAdminLabelsSet,
  mediaToastTextSet,
  mediaValidationTextSet,
} from '../../../i18n/sets/media';
import { useTexts } from '../../../i18n/useTexts';

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
  const mediaValidationText = useTexts(mediaValidationTextSet);
  const mediaAdminLabels = useTexts(mediaAdminLabelsSet);
  const mediaToastText = useTexts(mediaToastTextSet);
  const remove = useRemoveTagFolder();
  const busy = remove.isPending;
  const stores = company.stores.filter((s) => s.tags.includes(tag)).length;
  const title = mediaAdminLabels.toastTitle.removeTagFolder;

  const confirm = () =>
    remove.mutate(
      { companyId: company.companyId, removeTag: tag },
      {
        onSuccess: (updated) => {
          notify.success(title, mediaAdminLabels.tagFolderRemoved(tag));
          if (updated.stores.some((s) => s.tags.includes(tag)))
            notify.error(title, mediaToastText.tagRemoveFromStoresFailed);
          else notify.success(title, mediaToastText.tagRemovedFromStores);
          notify.success(title, mediaToastText.tagFolderRemovedFromServer);
        },
        onError: (e) => {
          const activeSchedules =
            e instanceof ApiError &&
            e.body?.message === mediaValidationTextSet.source.tagHasActiveSchedules;
          notify.error(
            title,
            activeSchedules
              ? mediaValidationText.tagHasActiveSchedules
              : failedOnMediaServer(e)
                ? mediaAdminLabels.tagFolderRemoveFromServerFailed
                : mediaToastText.removeTagFailed,
          );
        },
        onSettled: onClose,
      },
    );

  return (
    <Modal show onHide={onClose} centered aria-labelledby="media-remove-tag-title">
      <Modal.Header closeButton>
        <Modal.Title id="media-remove-tag-title">
          {mediaAdminLabels.removeTagFolderTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {mediaAdminLabels.removeTagFolderConfirm(tag, company.companyName, stores)}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {mediaAdminLabels.cancel}
        </Button>
        <Button variant="danger" onClick={confirm} disabled={busy}>
          {mediaAdminLabels.remove}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
