import { BACKUP_MODAL_TEXT, BACKUP_TOAST, type BackupJobStatus } from '@store-cloud/contracts';
import { useEffect } from 'react';
import { Alert, ProgressBar } from 'react-bootstrap';
import { notify } from '../../ui/notify';
import { useBackupJob } from './useBackups';

export interface TrackedJob {
  jobId: string;
  kind: 'run' | 'restore';
  serverName: string;
}

const isOver = (s?: BackupJobStatus) => s?.state === 'completed' || s?.state === 'failed';

/** A running backup or restore: its progress, then the spec's toast when it ends. */
export function JobProgress({ job, onEnd }: { job: TrackedJob; onEnd: (ok: boolean) => void }) {
  const status = useBackupJob(job.jobId);
  const data = status.data;

  useEffect(() => {
    const failed = status.isError || data?.state === 'failed';
    if (!failed && data?.state !== 'completed') return;
    const t = BACKUP_TOAST.backup;
    if (job.kind === 'run') {
      // Spec §8: a failed backup run is only logged; the store toast says the backup is missing.
      if (failed) console.warn(`Backup of ${job.serverName} failed: ${data?.error ?? ''}`);
      if (failed) notify.error(t.title, t.storeError(job.serverName));
      else notify.success(t.title, t.storeSuccess(job.serverName));
    } else if (failed) {
      notify.error(t.title, t.restoreError(job.serverName));
    } else {
      notify.success(t.title, t.restoreSuccess(job.serverName));
    }
    onEnd(!failed);
    // onEnd changes identity per render; the job's end is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data?.state, status.isError]);

  const label =
    job.kind === 'run'
      ? BACKUP_MODAL_TEXT.runningBackup(job.serverName)
      : BACKUP_MODAL_TEXT.restoringBackup(job.serverName);
  const percent = data?.progress ?? 0;
  return (
    <Alert variant={data?.state === 'failed' ? 'danger' : 'info'} data-testid="backup-job">
      <div className="d-flex justify-content-between mb-2 gap-2 flex-wrap">
        <strong>{label}</strong>
        <span>{data?.state === 'failed' ? data.error : data?.stage}</span>
      </div>
      {!isOver(data) && (
        <ProgressBar
          animated
          now={percent}
          label={`${percent}%`}
          aria-label={label}
          aria-valuenow={percent}
        />
      )}
    </Alert>
  );
}
