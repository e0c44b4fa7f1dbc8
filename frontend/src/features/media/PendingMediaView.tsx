import {
  MEDIA_EXTENSIONS,
  MEDIA_FOLDER,
  type MediaCompany,
  type MediaFile,
  POPOVER_DELAY,
  type Schedule,
} from '@store-cloud/contracts';
import { useCallback, useState } from 'react';
import { Alert, Button, OverlayTrigger, Popover } from 'react-bootstrap';
import { useMediaServerParams } from '../../api/useMediaCompanies';
import { notify } from '../../ui/notify';
import { FileList } from './FileList';
import { FileActionModal, useFileActions } from './file-actions';
import { checkUploadFiles, isSelectable, scheduleOfFile, showDate } from './media-rules';
import { ScheduleModal } from './ScheduleModal';
import { UpdateMediaModal } from './UpdateMediaModal';
import { UploadModal } from './UploadModal';
import { mediaLabelsSet, mediaValidationTextSet } from '../../i18n/sets/media';
import { useTexts } from '../../i18n/useTexts';

const ACCEPT = MEDIA_EXTENSIONS.map((e) => `.${e}`).join(',');

function ScheduleClock({ file, schedule }: { file: string; schedule: Schedule }) {
  const mediaLabels = useTexts(mediaLabelsSet);
  const popover = (
    <Popover id={`schedule-${file}`}>
      <Popover.Body>
        <div>
          {mediaLabels.destination}: {schedule.destination}
        </div>
        <div>
          {mediaLabels.start}: {showDate(schedule.startDate)}
        </div>
        <div>
          {mediaLabels.end}: {showDate(schedule.endDate)}
        </div>
      </Popover.Body>
    </Popover>
  );
  return (
    <OverlayTrigger
      trigger={['hover', 'focus']}
      placement="left"
      delay={POPOVER_DELAY}
      overlay={popover}
    >
      <Button variant="link" size="sm" aria-label={mediaLabels.scheduleOf(file)}>
        <i className="bi bi-clock" aria-hidden="true" />
      </Button>
    </OverlayTrigger>
  );
}

/**
 * Pending Media (spec §2, §5): upload, the limit, the list (scheduled files are not selectable
 * unless their schedule expired), Create Schedule, Update Media Now, Delete Selected Files.
 */
export function PendingMediaView({
  company,
  folder,
  files,
  totalFiles,
  active,
  loading,
  schedules,
}: {
  company: MediaCompany;
  folder: string;
  files: readonly MediaFile[];
  totalFiles: number;
  /** The files live in the tag folders, to warn before Update Media Now replaces one. */
  active: readonly { tagName: string; filename: string }[];
  loading: boolean;
  schedules: readonly Schedule[];
}) {
  const mediaValidationText = useTexts(mediaValidationTextSet);
  const mediaLabels = useTexts(mediaLabelsSet);
  const params = useMediaServerParams();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [uploading, setUploading] = useState<File[] | null>(null);
  const [dialog, setDialog] = useState<'schedule' | 'update' | null>(null);
  const actions = useFileActions(company, folder, () => setSelected(new Set()));
  const atLimit = totalFiles >= company.mediaFileLimit;
  const scheduleOf = (f: MediaFile) => scheduleOfFile(f.filename, schedules);
  // Only what is still listed and selectable counts as selected.
  const chosen = files
    .filter((f) => selected.has(f.filename) && isSelectable(scheduleOf(f)))
    .map((f) => f.filename);
  const doneUploading = useCallback(() => {
    setUploading(null);
    actions.refresh();
  }, [actions]);

  const choose = (list: FileList | null) => {
    if (!list?.length) return;
    const { valid, warnings } = checkUploadFiles([...list]);
    for (const w of warnings) notify.warning(w.title, w.message);
    if (valid.length) setUploading(valid);
  };

  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        {atLimit ? (
          <Button disabled>
            <i className="bi bi-upload me-2" aria-hidden="true" />
            {mediaLabels.uploadMedia}
          </Button>
        ) : (
          <label className="btn btn-primary mb-0">
            <i className="bi bi-upload me-2" aria-hidden="true" />
            {mediaLabels.uploadMedia}
            <input
              type="file"
              multiple
              accept={ACCEPT}
              // Hidden from the eye only: Tab reaches it, Enter or Space opens the file picker.
              className="visually-hidden"
              aria-label={mediaLabels.uploadMedia}
              onChange={(e) => {
                choose(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        )}
        <span>
          {mediaLabels.mediaFileLimit}:{' '}
          <strong data-testid="media-file-limit">{company.mediaFileLimit}</strong>
        </span>
        <span>
          {mediaLabels.currentFileCount}:{' '}
          <strong data-testid="media-file-count">{totalFiles}</strong>
        </span>
      </div>
      {atLimit && <Alert variant="warning">{mediaValidationText.mediaFileLimitReached}</Alert>}
      <FileList
        folder={folder}
        files={files}
        loading={loading}
        emptyText={mediaLabels.noPendingMedia}
        selected={selected}
        onSelect={setSelected}
        selectable={(f) => isSelectable(scheduleOf(f))}
        extra={(f) => {
          const s = scheduleOf(f);
          return s && <ScheduleClock file={f.filename} schedule={s} />;
        }}
      />
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button onClick={() => setDialog('schedule')}>{mediaLabels.createSchedule}</Button>
        <Button onClick={() => setDialog('update')}>{mediaLabels.updateMediaNow}</Button>
        <Button
          variant="danger"
          disabled={!chosen.length}
          onClick={() => actions.ask({ kind: 'delete', area: MEDIA_FOLDER.pending, files: chosen })}
        >
          {mediaLabels.deleteSelectedFiles}
        </Button>
      </div>
      {/* Without the parameters the server's own bounds apply. */}
      {uploading && (params.data || params.isError) && (
        <UploadModal
          folder={folder}
          files={uploading}
          params={params.data ?? []}
          onDone={doneUploading}
        />
      )}
      {dialog === 'schedule' && (
        <ScheduleModal
          company={company}
          folder={folder}
          files={chosen}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'update' && (
        <UpdateMediaModal
          company={company}
          files={chosen}
          busy={actions.busy}
          liveIn={(tag) =>
            chosen.filter((f) => active.some((a) => a.tagName === tag && a.filename === f))
          }
          onCancel={() => setDialog(null)}
          onUpdate={(tag, replace) =>
            actions.run({ kind: 'update', tag, files: chosen, replace }, () => setDialog(null))
          }
        />
      )}
      <FileActionModal actions={actions} />
    </div>
  );
}
