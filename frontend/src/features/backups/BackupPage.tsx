import {
  BACKUP_MODAL_TEXT,
  BACKUP_TEXT,
  BACKUP_TOAST,
  BACKUP_VIEW_TEXT,
  type BackupServer,
  type BackupSummary,
  MENU_LABELS,
} from '@store-cloud/contracts';
import { useEffect, useState } from 'react';
import { Button, Tab, Tabs } from 'react-bootstrap';
import { notify } from '../../ui/notify';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { JobProgress, type TrackedJob } from './JobProgress';
import { RestoreModal } from './RestoreModal';
import { ServerFormModal } from './ServerFormModal';
import {
  isJobOver,
  useBackupJob,
  useBackupList,
  useBackupServers,
  useDeleteBackup,
  useDeleteServer,
  useRefreshBackups,
  useRestoreBackup,
  useRunBackup,
} from './useBackups';
import { ViewBackupModal } from './ViewBackupModal';
import { BackupsTable, backupLabel, backupTime, type Dialog, ServersTable } from './BackupTables';

/** Server backup (spec §2 /evoConnectBackup): the Servers and Server Backups tabs. */
export function BackupPage() {
  const servers = useBackupServers();
  const backups = useBackupList();
  const deleteServer = useDeleteServer();
  const deleteBackup = useDeleteBackup();
  const runBackup = useRunBackup();
  const restoreBackup = useRestoreBackup();
  const refreshBackups = useRefreshBackups();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [job, setJob] = useState<TrackedJob | null>(null);
  // The shown job's state (the query JobProgress polls); a failed job stays on screen until closed.
  const jobStatus = useBackupJob(job?.jobId);
  const jobRunning = !!job && !jobStatus.isError && !isJobOver(jobStatus.data);
  const [tab, setTab] = useState('servers');
  const close = () => setDialog(null);
  const serverList = servers.data ?? [];
  const busy = jobRunning || runBackup.isPending || restoreBackup.isPending;

  const run = (server: BackupServer) =>
    runBackup.mutate(server.name, {
      onSuccess: ({ jobId }) => setJob({ jobId, kind: 'run', serverName: server.name }),
      onError: (e) =>
        notify.error(BACKUP_TOAST.backup.title, BACKUP_TOAST.backup.storeError(server.name), e),
    });

  const restore = (backup: BackupSummary, serverName: string) =>
    restoreBackup.mutate(
      { backupId: backup._id, serverName },
      {
        onSuccess: ({ jobId }) => setJob({ jobId, kind: 'restore', serverName }),
        onError: (e) =>
          notify.error(BACKUP_TOAST.backup.title, BACKUP_TOAST.backup.restoreError(serverName), e),
        onSettled: close,
      },
    );

  const removeServer = (server: BackupServer) =>
    deleteServer.mutate(server.name, {
      onSuccess: () =>
        notify.success(BACKUP_TOAST.server.title, BACKUP_TOAST.server.deleteSuccess(server.name)),
      onError: (e) =>
        notify.error(BACKUP_TOAST.server.title, BACKUP_TOAST.server.deleteError(server.name), e),
      onSettled: close,
    });

  const removeBackup = (backup: BackupSummary) =>
    deleteBackup.mutate(backup._id, {
      onSuccess: () =>
        notify.success(
          BACKUP_TOAST.backup.title,
          BACKUP_TOAST.backup.deleteSuccess(backupLabel(backup)),
        ),
      onError: () =>
        notify.error(
          BACKUP_TOAST.backup.title,
          BACKUP_TOAST.backup.deleteError(backupLabel(backup)),
        ),
      onSettled: close,
    });

  // Spec §8: a failed list load is only logged (the list then shows its empty text).
  useEffect(() => {
    if (servers.error) console.warn(`Loading the backup servers failed: ${servers.error.message}`);
  }, [servers.error]);
  useEffect(() => {
    if (backups.error) console.warn(`Loading the backups failed: ${backups.error.message}`);
  }, [backups.error]);

  return (
    <section>
      <h1 className="h3 mb-3">{MENU_LABELS.backup}</h1>
      {job && (
        <JobProgress
          key={job.jobId}
          job={job}
          onClose={() => setJob(null)}
          onEnd={(ok) => {
            if (!ok) return;
            setJob(null);
            if (job.kind === 'run') {
              void refreshBackups();
              setTab('backups');
            }
          }}
        />
      )}
      <Tabs activeKey={tab} onSelect={(k) => setTab(k ?? 'servers')} className="mb-3">
        <Tab eventKey="servers" title={BACKUP_TEXT.servers}>
          <div className="d-flex justify-content-end mb-2">
            <Button onClick={() => setDialog({ kind: 'add' })}>
              <i className="bi bi-plus-lg me-2" aria-hidden="true" />
              {BACKUP_TEXT.addNewServer}
            </Button>
          </div>
          <ServersTable servers={servers} busy={busy} onRun={run} onDialog={setDialog} />
        </Tab>
        <Tab eventKey="backups" title={BACKUP_TEXT.serverBackups}>
          <BackupsTable backups={backups} busy={busy} onDialog={setDialog} />
        </Tab>
      </Tabs>

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <ServerFormModal
          editing={dialog.kind === 'edit' ? dialog.server : undefined}
          servers={serverList}
          onClose={close}
        />
      )}
      {dialog?.kind === 'deleteServer' && (
        <ConfirmModal
          yesLabel={BACKUP_MODAL_TEXT.yes}
          noLabel={BACKUP_MODAL_TEXT.no}
          title={BACKUP_MODAL_TEXT.deleteServer}
          busy={deleteServer.isPending}
          onNo={close}
          onYes={() => removeServer(dialog.server)}
        >
          {BACKUP_TEXT.confirmDeleteServer(dialog.server.name)}
        </ConfirmModal>
      )}
      {dialog?.kind === 'deleteBackup' && (
        <ConfirmModal
          yesLabel={BACKUP_MODAL_TEXT.yes}
          noLabel={BACKUP_MODAL_TEXT.no}
          title={BACKUP_MODAL_TEXT.deleteBackup}
          busy={deleteBackup.isPending}
          onNo={close}
          onYes={() => removeBackup(dialog.backup)}
        >
          {BACKUP_MODAL_TEXT.confirmDeleteBackup(backupLabel(dialog.backup))}
        </ConfirmModal>
      )}
      {dialog?.kind === 'view' && <ViewBackupModal backup={dialog.backup} onClose={close} />}
      {dialog?.kind === 'restore' && (
        <RestoreModal
          backup={dialog.backup}
          servers={serverList}
          onCancel={close}
          onProceed={(serverName) =>
            setDialog({ kind: 'confirmRestore', backup: dialog.backup, serverName })
          }
        />
      )}
      {dialog?.kind === 'confirmRestore' && (
        <ConfirmModal
          yesLabel={BACKUP_MODAL_TEXT.yes}
          noLabel={BACKUP_MODAL_TEXT.no}
          title={BACKUP_MODAL_TEXT.confirmRestore}
          variant="warning"
          busy={restoreBackup.isPending}
          onNo={close}
          onYes={() => restore(dialog.backup, dialog.serverName)}
        >
          <i className="bi bi-exclamation-triangle-fill text-warning me-2" aria-hidden="true" />
          {BACKUP_MODAL_TEXT.confirmRestoreWarning(dialog.serverName)}
          <p className="mt-2 mb-0 fw-semibold">
            {BACKUP_VIEW_TEXT.restoring(
              dialog.backup.name,
              dialog.serverName,
              backupTime(dialog.backup),
            )}
          </p>
        </ConfirmModal>
      )}
    </section>
  );
}
