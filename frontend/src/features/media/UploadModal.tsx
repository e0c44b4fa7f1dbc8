import {
  MEDIA_LABELS,
  MEDIA_TOAST_TEXT,
  MEDIA_UPLOAD_CLOSE_MS,
  type MediaServerParam,
} from '@store-cloud/contracts';
import { useEffect, useRef, useState } from 'react';
import { ListGroup, Modal, ProgressBar } from 'react-bootstrap';
import { setUploadFolder, uploadMediaFile } from '../../api/useMediaFiles';
import { notify } from '../../ui/notify';
import { uploadQuery } from './media-rules';

type State = { percent: number; outcome?: 'done' | 'failed' };

/**
 * The upload progress modal (spec §4): before each file the target folder is set, then the file
 * goes up; one at a time, each with its progress. It closes 2 s after the last file.
 */
export function UploadModal({
  folder,
  files,
  params,
  onDone,
}: {
  folder: string;
  files: readonly File[];
  params: readonly MediaServerParam[];
  onDone: () => void;
}) {
  const [states, setStates] = useState<State[]>(() => files.map(() => ({ percent: 0 })));
  const started = useRef(false);
  const { fileUpload } = MEDIA_LABELS.toastTitle;

  useEffect(() => {
    // Once per modal, also under StrictMode's double effect.
    if (started.current) return;
    started.current = true;
    const set = (i: number, state: State) =>
      setStates((prev) => prev.map((s, j) => (j === i ? state : s)));
    void (async () => {
      for (const [i, file] of files.entries()) {
        try {
          await setUploadFolder(folder);
        } catch {
          notify.error(fileUpload, MEDIA_TOAST_TEXT.setTargetFolderFailed);
          set(i, { percent: 0, outcome: 'failed' });
          continue;
        }
        try {
          const result = await uploadMediaFile(file, uploadQuery(file.name, params), (percent) =>
            set(i, { percent }),
          );
          if (!result.success) throw new Error('refused');
          set(i, { percent: 100, outcome: 'done' });
          notify.success(fileUpload, MEDIA_TOAST_TEXT.uploadComplete(file.name));
        } catch {
          set(i, { percent: 100, outcome: 'failed' });
          notify.error(fileUpload, MEDIA_TOAST_TEXT.uploadFailed(file.name));
        }
      }
      setTimeout(onDone, MEDIA_UPLOAD_CLOSE_MS);
    })();
  }, [files, folder, params, onDone, fileUpload]);

  return (
    <Modal show backdrop="static" centered aria-labelledby="upload-title">
      <Modal.Header>
        <Modal.Title id="upload-title">{MEDIA_LABELS.uploadTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ListGroup variant="flush">
          {files.map((file, i) => {
            const s = states[i] ?? { percent: 0 };
            const label =
              s.outcome === 'done'
                ? MEDIA_LABELS.uploadDone
                : s.outcome === 'failed'
                  ? MEDIA_LABELS.uploadFailed
                  : s.percent
                    ? `${s.percent}%`
                    : MEDIA_LABELS.uploadWaiting;
            return (
              <ListGroup.Item key={`${file.name}-${i}`}>
                <div className="d-flex justify-content-between">
                  <span className="text-break">{file.name}</span>
                  <span>{label}</span>
                </div>
                <ProgressBar
                  now={s.percent}
                  variant={s.outcome === 'failed' ? 'danger' : undefined}
                  aria-label={file.name}
                />
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      </Modal.Body>
    </Modal>
  );
}
