import {
  BACKUP_MODAL_TEXT,
  BACKUP_TEXT,
  BACKUP_TOAST,
  type BackupServer,
  type BackupSummary,
  DATE_FORMAT_BACKUP,
  MENU_LABELS,
  SCROLL_HEIGHT,
} from '@store-cloud/contracts';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { Button, Tab, Table, Tabs } from 'react-bootstrap';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
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
import { Breakable } from '../../ui/Breakable';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; server: BackupServer }
  | { kind: 'deleteServer'; server: BackupServer }
  | { kind: 'deleteBackup'; backup: BackupSummary }
  | { kind: 'view'; backup: BackupSummary }
  | { kind: 'restore'; backup: BackupSummary }
  | { kind: 'confirmRestore'; backup: BackupSummary; serverName: string };

/** Where a backup's data came from, for the toasts and the delete question. */
const backupLabel = (b: BackupSummary) =>
  `${b.name} ${format(new Date(b.time), DATE_FORMAT_BACKUP)}`;

function IconButton(props: {
  icon: string;
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="link"
      size="sm"
      className={props.danger ? 'text-danger' : undefined}
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <i className={`bi bi-${props.icon}`} aria-hidden="true" />
    </Button>
  );
}

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

  const loading = <LoadingSpinner />;

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
          {servers.isPending ? (
            loading
          ) : serverList.length === 0 ? (
            <p className="text-body-secondary">{BACKUP_TEXT.noServers}</p>
          ) : (
            <div style={{ maxHeight: SCROLL_HEIGHT.backupServers, overflowY: 'auto' }}>
              <Table hover size="sm" className="align-middle">
                <thead>
                  <tr>
                    <th>{BACKUP_MODAL_TEXT.serverName}</th>
                    <th>{BACKUP_MODAL_TEXT.serverUrl}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {serverList.map((s) => (
                    <tr key={s.name} data-testid="backup-server-row">
                      <td className="text-break">{s.name}</td>
                      <td>
                        <Breakable text={s.url} />
                      </td>
                      <td className="text-end text-nowrap">
                        <IconButton
                          icon="cloud-download"
                          label={`${BACKUP_MODAL_TEXT.runBackup} ${s.name}`}
                          disabled={busy}
                          onClick={() => run(s)}
                        />
                        <IconButton
                          icon="pencil"
                          label={`${BACKUP_MODAL_TEXT.edit} ${s.name}`}
                          onClick={() => setDialog({ kind: 'edit', server: s })}
                        />
                        <IconButton
                          icon="trash"
                          danger
                          label={`${BACKUP_MODAL_TEXT.delete} ${s.name}`}
                          onClick={() => setDialog({ kind: 'deleteServer', server: s })}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
        </Tab>
        <Tab eventKey="backups" title={BACKUP_TEXT.serverBackups}>
          {backups.isPending ? (
            loading
          ) : (backups.data ?? []).length === 0 ? (
            <p className="text-body-secondary">{BACKUP_TEXT.noBackups}</p>
          ) : (
            <Table hover responsive size="sm" className="align-middle">
              <thead>
                <tr>
                  <th>{BACKUP_MODAL_TEXT.serverName}</th>
                  <th className="d-none d-md-table-cell">{BACKUP_MODAL_TEXT.serverUrl}</th>
                  <th>{BACKUP_MODAL_TEXT.backupDate}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {(backups.data ?? []).map((b) => (
                  <tr key={b._id} data-testid="backup-row">
                    <td className="text-break">{b.name}</td>
                    <td className="d-none d-md-table-cell">
                      <Breakable text={b.url} />
                    </td>
                    <td className="text-nowrap">{format(new Date(b.time), DATE_FORMAT_BACKUP)}</td>
                    <td className="text-end text-nowrap">
                      <IconButton
                        icon="arrow-counterclockwise"
                        label={`${BACKUP_MODAL_TEXT.restore} ${backupLabel(b)}`}
                        disabled={busy}
                        onClick={() => setDialog({ kind: 'restore', backup: b })}
                      />
                      <IconButton
                        icon="eye"
                        label={`${BACKUP_MODAL_TEXT.view} ${backupLabel(b)}`}
                        onClick={() => setDialog({ kind: 'view', backup: b })}
                      />
                      <IconButton
                        icon="trash"
                        danger
                        label={`${BACKUP_MODAL_TEXT.delete} ${backupLabel(b)}`}
                        onClick={() => setDialog({ kind: 'deleteBackup', backup: b })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
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
        </ConfirmModal>
      )}
    </section>
  );
}
