import { type MediaCompany, mediaFolderNameOf } from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Card, Modal } from 'react-bootstrap';
import { failedOnMediaServer, useConfigureMediaServer } from '../../../api/useMediaAdmin';
import { notify } from '../../../ui/notify';
import {
  mediaAdminLabelsSet,
  mediaToastTextSet,
  mediaValidationTextSet,
} from '../../../i18n/sets/media';
import { useTexts } from '../../../i18n/useTexts';

/**
 * A company without a media folder (spec §2, §5): its folder name is fixed by name and id. One
 * backend call makes the folder on the media server and records it; the toast names the step
 * that failed (spec §8).
 */
export function ConfigureCard({ company }: { company: MediaCompany }) {
  const mediaValidationText = useTexts(mediaValidationTextSet);
  const mediaAdminLabels = useTexts(mediaAdminLabelsSet);
  const mediaToastText = useTexts(mediaToastTextSet);
  const [open, setOpen] = useState(false);
  const configure = useConfigureMediaServer();
  const folder = mediaFolderNameOf(company.companyName, company.companyId);
  const title = mediaAdminLabels.toastTitle.createMediaFolder;
  const busy = configure.isPending;

  const run = () =>
    configure.mutate(
      { companyId: company.companyId, mediaFolderName: folder },
      {
        onSuccess: () => notify.success(title, mediaAdminLabels.mediaFolderCreated(folder)),
        onError: (e) =>
          notify.error(
            title,
            failedOnMediaServer(e)
              ? mediaToastText.createMediaFolderFailed
              : mediaToastText.updateDatabaseFailed,
          ),
        onSettled: () => setOpen(false),
      },
    );

  return (
    <Card>
      <Card.Body>
        <p>{mediaValidationText.companyNotConfigured}</p>
        <Button onClick={() => setOpen(true)}>{mediaAdminLabels.configureForMediaServer}</Button>
      </Card.Body>
      <Modal
        show={open}
        onHide={() => setOpen(false)}
        centered
        aria-labelledby="media-configure-title"
      >
        <Modal.Header closeButton>
          <Modal.Title id="media-configure-title">{mediaAdminLabels.configureTitle}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <dl className="mb-0">
            <dt>{mediaAdminLabels.mediaFolderName}</dt>
            <dd className="mb-0">{folder}</dd>
          </dl>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
            {mediaAdminLabels.cancel}
          </Button>
          <Button onClick={run} disabled={busy}>
            {mediaAdminLabels.configure}
          </Button>
        </Modal.Footer>
      </Modal>
    </Card>
  );
}
