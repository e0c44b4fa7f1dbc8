import { type MediaFile } from '@store-cloud/contracts';
import { type ReactNode, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useMediaBlob } from '../../api/useMediaFiles';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { fileUrl, isImage, thumbUrl } from './media-files';
import { mediaLabelsSet } from '../../i18n/sets/media';
import { useTexts } from '../../i18n/useTexts';

/** A small spinner named as media's loading. */
const Loading = () => <LoadingSpinner small label={useTexts(mediaLabelsSet).loading} />;

/** A file's thumbnail, a button that opens the preview. */
export function MediaThumb({
  folder,
  file,
  onOpen,
}: {
  folder: string;
  file: MediaFile;
  onOpen: () => void;
}) {
  const mediaLabels = useTexts(mediaLabelsSet);
  const path = thumbUrl(folder, file);
  const url = useMediaBlob(path);
  return (
    <Button
      variant="link"
      className="p-0 border-0 flex-shrink-0"
      style={{ width: 64, height: 48 }}
      aria-label={mediaLabels.previewFile(file.filename)}
      title={mediaLabels.previewFile(file.filename)}
      onClick={onOpen}
    >
      {path && url === undefined ? (
        <Loading />
      ) : url ? (
        <img src={url} alt="" style={{ maxWidth: 64, maxHeight: 48, objectFit: 'contain' }} />
      ) : (
        <i className="bi bi-film fs-3" aria-hidden="true" />
      )}
    </Button>
  );
}

/**
 * A file's thumbnail by its media server URL (the schedule preview's files, issue 30 point 4):
 * the server's small JPEG, else an image itself, else a film icon. Decorative: the name is
 * written beside it.
 */
export function PreviewThumb({ url, filename }: { url: string; filename: string }) {
  const thumb = useMediaBlob(`${url}?thumbnail=true`);
  const full = useMediaBlob(thumb === null && isImage(filename) ? url : null);
  const src = thumb ?? full;
  return (
    <span
      className="d-inline-flex align-items-center justify-content-center flex-shrink-0"
      style={{ width: 64, height: 48 }}
    >
      {thumb === undefined || (thumb === null && isImage(filename) && full === undefined) ? (
        // Not a status: the list's count is the preview's one live message.
        <span className="spinner-border spinner-border-sm text-body-secondary" aria-hidden="true" />
      ) : src ? (
        <img src={src} alt="" style={{ maxWidth: 64, maxHeight: 48, objectFit: 'contain' }} />
      ) : (
        <i className="bi bi-film fs-3 text-body-secondary" aria-hidden="true" />
      )}
    </span>
  );
}

/** The media preview modal with previous/next through the list it was opened from. */
function PreviewModal({
  folder,
  files,
  start,
  onClose,
}: {
  folder: string;
  files: readonly MediaFile[];
  start: number;
  onClose: () => void;
}) {
  const mediaLabels = useTexts(mediaLabelsSet);
  const [index, setIndex] = useState(start);
  const file = files[index];
  const url = useMediaBlob(file ? fileUrl(folder, file) : null);
  if (!file) return null;
  return (
    <Modal show onHide={onClose} size="lg" centered aria-labelledby="media-preview-title">
      <Modal.Header closeButton closeLabel={mediaLabels.close}>
        <Modal.Title id="media-preview-title">{mediaLabels.previewTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        <p className="text-break">{file.filename}</p>
        {url === undefined ? (
          <Loading />
        ) : url === null ? (
          <i className="bi bi-exclamation-triangle fs-1 text-warning" aria-hidden="true" />
        ) : isImage(file.filename) ? (
          <img src={url} alt={file.filename} className="img-fluid" style={{ maxHeight: '60vh' }} />
        ) : (
          <video src={url} controls className="w-100" style={{ maxHeight: '60vh' }}>
            <track kind="captions" />
          </video>
        )}
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <Button
          variant="outline-secondary"
          disabled={index === 0}
          onClick={() => setIndex(index - 1)}
        >
          <i className="bi bi-chevron-left me-1" aria-hidden="true" />
          {mediaLabels.previous}
        </Button>
        <span className="text-body-secondary">
          {index + 1} / {files.length}
        </span>
        <Button
          variant="outline-secondary"
          disabled={index >= files.length - 1}
          onClick={() => setIndex(index + 1)}
        >
          {mediaLabels.next}
          <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/**
 * The preview of a file list: `open(i)` shows file i of `files` (with previous/next), `modal`
 * is the modal to render while one is open.
 */
export function usePreview(
  folder: string,
  files: readonly MediaFile[],
): { open: (index: number) => void; modal: ReactNode } {
  const [start, setStart] = useState<number | null>(null);
  const modal =
    start === null ? null : (
      <PreviewModal folder={folder} files={files} start={start} onClose={() => setStart(null)} />
    );
  return { open: setStart, modal };
}
