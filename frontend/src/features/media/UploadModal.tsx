import {
  MEDIA_UPLOAD_CLOSE_MS,
  MEDIA_UPLOAD_CONFLICT,
  type MediaServerParam,
} from '@store-cloud/contracts';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, ListGroup, Modal, ProgressBar } from 'react-bootstrap';
import { ApiError, reasonOf, withReason } from '../../api/api-error';
import { setUploadFolder, uploadMediaFile } from '../../api/useMediaFiles';
import { notify } from '../../ui/notify';
import { uploadQuery } from './media-rules';
import { mediaLabelsSet, mediaToastTextSet } from '../../i18n/sets/media';
import { textsNow, useTexts } from '../../i18n/useTexts';

type Outcome = 'done' | 'failed' | 'skipped';
type State = { percent: number; outcome?: Outcome; reason?: string };
/** The question on screen: a file of that name exists; the answer resolves the upload loop. */
type Asking = { index: number; answer: (replace: boolean) => void };

const isFileExists = (e: unknown) =>
  e instanceof ApiError && e.status === 409 && e.code === MEDIA_UPLOAD_CONFLICT.code;

/**
 * The upload progress modal (spec §4): before each file the target folder is set, then the file
 * goes up; one at a time, each with its progress and, when refused, the media server's reason.
 * A file whose name exists is replaced only when the user says so. One toast tells the outcome
 * (the spec's per-file text for one file, a summary for several). It closes 2 s after the last.
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
  const mediaLabels = useTexts(mediaLabelsSet);
  const [states, setStates] = useState<State[]>(() => files.map(() => ({ percent: 0 })));
  const [asking, setAsking] = useState<Asking | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per modal, also under StrictMode's double effect.
    if (started.current) return;
    started.current = true;
    // The uploads outlive renders: their toasts speak the language of the moment they began.
    const mediaToastText = textsNow(mediaToastTextSet);
    const uploadLabels = textsNow(mediaLabelsSet);
    const { fileUpload } = uploadLabels.toastTitle;
    const set = (i: number, state: State) =>
      setStates((prev) => prev.map((s, j) => (j === i ? state : s)));
    const ask = (index: number) => new Promise<boolean>((answer) => setAsking({ index, answer }));
    void (async () => {
      const failures: string[] = [];
      let done = 0;
      for (const [i, file] of files.entries()) {
        try {
          await setUploadFolder(folder);
        } catch {
          notify.error(fileUpload, mediaToastText.setTargetFolderFailed);
          set(i, { percent: 0, outcome: 'failed' });
          failures.push(mediaToastText.uploadFailed(file.name));
          continue;
        }
        const send = async (replace: boolean) => {
          const query = uploadQuery(file.name, params);
          const result = await uploadMediaFile(
            file,
            replace ? { ...query, [MEDIA_UPLOAD_CONFLICT.replaceParam]: 'true' } : query,
            (percent) => set(i, { percent }),
          );
          if (!result.success) throw new Error('refused');
        };
        try {
          try {
            await send(false);
          } catch (e) {
            if (!isFileExists(e)) throw e;
            set(i, { percent: 0 });
            const replace = await ask(i);
            setAsking(null);
            if (!replace) {
              set(i, { percent: 0, outcome: 'skipped' });
              continue;
            }
            await send(true);
          }
          set(i, { percent: 100, outcome: 'done' });
          done += 1;
        } catch (e) {
          set(i, { percent: 100, outcome: 'failed', reason: reasonOf(e) });
          failures.push(withReason(mediaToastText.uploadFailed(file.name), e));
        }
      }
      if (files.length === 1 && done === 1)
        notify.success(fileUpload, mediaToastText.uploadComplete(files[0]!.name));
      else if (files.length === 1 && failures.length) notify.error(fileUpload, failures[0]!);
      else if (files.length > 1) {
        const summary = uploadLabels.uploadSummary(done, files.length);
        if (failures.length) notify.error(fileUpload, [summary, ...failures].join('\n'));
        else notify.success(fileUpload, summary);
      }
      setTimeout(onDone, MEDIA_UPLOAD_CLOSE_MS);
    })();
  }, [files, folder, params, onDone]);

  // Sent is not stored: at 100 % sent the media server still checks and writes the file.
  const processing = (s: State) => !s.outcome && s.percent >= 100;
  const label = (s: State) =>
    s.outcome === 'done'
      ? mediaLabels.uploadDone
      : s.outcome === 'failed'
        ? mediaLabels.uploadFailed
        : s.outcome === 'skipped'
          ? mediaLabels.uploadSkipped
          : processing(s)
            ? mediaLabels.uploadProcessing
            : s.percent
              ? `${s.percent}%`
              : mediaLabels.uploadWaiting;

  return (
    <Modal show backdrop="static" centered aria-labelledby="upload-title">
      <Modal.Header>
        <Modal.Title id="upload-title">{mediaLabels.uploadTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {asking && (
          <Alert variant="warning" role="alertdialog" aria-live="assertive">
            <p>{mediaLabels.fileExistsQuestion(files[asking.index]?.name ?? '')}</p>
            <div className="d-flex gap-2 justify-content-end">
              <Button variant="secondary" onClick={() => asking.answer(false)}>
                {mediaLabels.keepExisting}
              </Button>
              <Button variant="danger" onClick={() => asking.answer(true)}>
                {mediaLabels.replace}
              </Button>
            </div>
          </Alert>
        )}
        <ListGroup variant="flush">
          {files.map((file, i) => {
            const s = states[i] ?? { percent: 0 };
            return (
              <ListGroup.Item key={`${file.name}-${i}`}>
                <div className="d-flex justify-content-between gap-2">
                  <span className="text-break">{file.name}</span>
                  <span className="text-nowrap">{label(s)}</span>
                </div>
                {/* No width transition: the bar shows what the words say, not 7 % of it. A
                    child bar, so the name and value text land on the progressbar itself. */}
                <ProgressBar className="upload-progress">
                  <ProgressBar
                    now={s.percent}
                    striped={processing(s)}
                    animated={processing(s)}
                    variant={s.outcome === 'failed' ? 'danger' : undefined}
                    aria-label={file.name}
                    aria-valuetext={label(s)}
                  />
                </ProgressBar>
                {s.reason && <div className="small text-danger text-break mt-1">{s.reason}</div>}
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      </Modal.Body>
    </Modal>
  );
}
