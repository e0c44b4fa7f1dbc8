import { type BackupServer, type BackupSummary } from '@store-cloud/contracts';
import { useEffect, useState } from 'react';
import { Button, Tab, Tabs } from 'react-bootstrap';
import {
  backupModalTextSet,
  backupTextSet,
  backupToastSet,
  backupViewTextSet,
} from '../../i18n/sets/backups';
import { menuLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';
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
  const backupText = useTexts(backupTextSet);
  const modalText = useTexts(backupModalTextSet);
  const backupToast = useTexts(backupToastSet);
  const viewText = useTexts(backupViewTextSet);
  const menuLabels = useTexts(menuLabelsSet);
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
        notify.error(backupToast.backup.title, backupToast.backup.storeError(server.name), e),
    });

  const restore = (backup: BackupSummary, serverName: string) =>
    restoreBackup.mutate(
      { backupId: backup._id, serverName },
      {
        onSuccess: ({ jobId }) => setJob({ jobId, kind: 'restore', serverName }),
        onError: (e) =>
          notify.error(backupToast.backup.title, backupToast.backup.restoreError(serverName), e),
        onSettled: close,
      },
    );

  const removeServer = (server: BackupServer) =>
    deleteServer.mutate(server.name, {
      onSuccess: () =>
        notify.success(backupToast.server.title, backupToast.server.deleteSuccess(server.name)),
      onError: (e) =>
        notify.error(backupToast.server.title, backupToast.server.deleteError(server.name), e),
      onSettled: close,
    });

  const removeBackup = (backup: BackupSummary) =>
    deleteBackup.mutate(backup._id, {
      onSuccess: () =>
        notify.success(
          backupToast.backup.title,
          backupToast.backup.deleteSuccess(backupLabel(backup)),
        ),
      onError: () =>
        notify.error(backupToast.backup.title, backupToast.backup.deleteError(backupLabel(backup))),
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
      <h1 className="h3 mb-3">{menuLabels.backup}</h1>
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
        <Tab eventKey="servers" title={backupText.servers}>
          <div className="d-flex justify-content-end mb-2">
            <Button onClick={() => setDialog({ kind: 'add' })}>
              <i className="bi bi-plus-lg me-2" aria-hidden="true" />
              {backupText.addNewServer}
            </Button>
          </div>
          <ServersTable servers={servers} busy={busy} onRun={run} onDialog={setDialog} />
        </Tab>
        <Tab eventKey="backups" title={backupText.serverBackups}>
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
          yesLabel={modalText.yes}
          noLabel={modalText.no}
          title={modalText.deleteServer}
          busy={deleteServer.isPending}
          onNo={close}
          onYes={() => removeServer(dialog.server)}
        >
          {backupText.confirmDeleteServer(dialog.server.name)}
        </ConfirmModal>
      )}
      {dialog?.kind === 'deleteBackup' && (
        <ConfirmModal
          yesLabel={modalText.yes}
          noLabel={modalText.no}
          title={modalText.deleteBackup}
          busy={deleteBackup.isPending}
          onNo={close}
          onYes={() => removeBackup(dialog.backup)}
        >
          {modalText.confirmDeleteBackup(backupLabel(dialog.backup))}
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
          yesLabel={modalText.yes}
          noLabel={modalText.no}
          title={modalText.confirmRestore}
          variant="warning"
          busy={restoreBackup.isPending}
          onNo={close}
          onYes={() => restore(dialog.backup, dialog.serverName)}
        >
          <i className="bi bi-exclamation-triangle-fill text-warning me-2" aria-hidden="true" />
          {modalText.confirmRestoreWarning(dialog.serverName)}
          <p className="mt-2 mb-0 fw-semibold">
            {viewText.restoring(dialog.backup.name, dialog.serverName, backupTime(dialog.backup))}
          </p>
        </ConfirmModal>
      )}
    </section>
  );
}
