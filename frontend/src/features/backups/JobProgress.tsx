import { BACKUP_STAGE } from '@store-cloud/contracts';
import { useEffect } from 'react';
import { Alert, ProgressBar } from 'react-bootstrap';
import { useKnownText } from '../../i18n/known-text';
import { backupModalTextSet, backupStageSet, backupToastSet } from '../../i18n/sets/backups';
import { useTexts } from '../../i18n/useTexts';
import { notify } from '../../ui/notify';
import { isJobOver, useBackupJob } from './useBackups';

type Stages = typeof BACKUP_STAGE;
const STAGES = Object.keys(BACKUP_STAGE) as (keyof Stages)[];
const say = (text: Stages[keyof Stages], server: string) =>
  typeof text === 'function' ? text(server) : text;

/** A stage as the backend wrote it (the contract's English), in the texts given. */
function stageName(stage: string, server: string, texts: Stages): string {
  const key = STAGES.find((k) => say(BACKUP_STAGE[k], server) === stage);
  return key ? say(texts[key], server) : stage;
}

export interface TrackedJob {
  jobId: string;
  kind: 'run' | 'restore';
  serverName: string;
}

/**
 * A running backup or restore: its progress, then the spec's toast when it ends (§8). A failed
 * backup run is only logged unless storing it failed; the failure stays on screen until closed.
 */
export function JobProgress({
  job,
  onEnd,
  onClose,
}: {
  job: TrackedJob;
  onEnd: (ok: boolean) => void;
  onClose: () => void;
}) {
  const modalText = useTexts(backupModalTextSet);
  const backupToast = useTexts(backupToastSet);
  const stageText = useTexts(backupStageSet);
  const known = useKnownText([backupModalTextSet]);
  const status = useBackupJob(job.jobId);
  const data = status.data;
  const failed = status.isError || data?.state === 'failed';
  const error = data?.error ?? status.error?.message ?? '';

  useEffect(() => {
    if (!failed && data?.state !== 'completed') return;
    const t = backupToast.backup;
    if (job.kind === 'run' && failed) {
      console.warn(`Backup of ${job.serverName} failed: ${error}`);
      if (data?.stage === BACKUP_STAGE.storing) notify.error(t.title, t.storeError(job.serverName));
    } else if (job.kind === 'run') {
      notify.success(t.title, t.storeSuccess(job.serverName));
    } else if (failed) {
      notify.error(t.title, t.restoreError(job.serverName));
    } else {
      notify.success(t.title, t.restoreSuccess(job.serverName));
    }
    onEnd(!failed);
    // onEnd changes identity per render; the job's end is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed, data?.state]);

  const label =
    job.kind === 'run'
      ? modalText.runningBackup(job.serverName)
      : modalText.restoringBackup(job.serverName);
  const percent = data?.progress ?? 0;
  // The backend reports the stage and a known failure in English: the page's language here.
  const stage = data?.stage && stageName(data.stage, job.serverName, stageText);
  const shownError = known(error);
  return (
    <Alert
      variant={failed ? 'danger' : 'info'}
      data-testid="backup-job"
      dismissible={failed}
      onClose={onClose}
    >
      <div className="d-flex justify-content-between mb-2 gap-2 flex-wrap">
        <strong>{label}</strong>
        <span>{failed ? shownError : stage}</span>
      </div>
      {!failed && !isJobOver(data) && (
        <ProgressBar animated now={percent} label={`${percent}%`} aria-label={label} />
      )}
    </Alert>
  );
}
