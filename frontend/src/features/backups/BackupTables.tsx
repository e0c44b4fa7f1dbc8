import {
  type BackupServer,
  type BackupSummary,
  DATE_FORMAT_BACKUP,
  SCROLL_HEIGHT,
} from '@store-cloud/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { format, isValid } from 'date-fns';
import { backupModalTextSet, backupTextSet } from '../../i18n/sets/backups';
import { useTexts } from '../../i18n/useTexts';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Breakable } from '../../ui/Breakable';
import { IconButton } from './IconButton';
import { ItemTable } from '../../ui/ItemTable';

export type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; server: BackupServer }
  | { kind: 'deleteServer'; server: BackupServer }
  | { kind: 'deleteBackup'; backup: BackupSummary }
  | { kind: 'view'; backup: BackupSummary }
  | { kind: 'restore'; backup: BackupSummary }
  | { kind: 'confirmRestore'; backup: BackupSummary; serverName: string };

/** When a backup was taken, as the Backups list shows it. */
export const backupTime = (b: BackupSummary) =>
  isValid(new Date(b.time)) ? format(new Date(b.time), DATE_FORMAT_BACKUP) : '';

/** Where a backup's data came from, for the toasts and the delete question. */
export const backupLabel = (b: BackupSummary) => `${b.name} ${backupTime(b)}`;

type OpenDialog = (dialog: Dialog) => void;

/** The Servers tab's list: run a backup, edit, delete. */
export function ServersTable({
  servers,
  busy,
  onRun,
  onDialog,
}: {
  servers: UseQueryResult<BackupServer[]>;
  busy: boolean;
  onRun: (server: BackupServer) => void;
  onDialog: OpenDialog;
}) {
  const backupText = useTexts(backupTextSet);
  const modalText = useTexts(backupModalTextSet);
  const serverList = servers.data ?? [];
  const loading = <LoadingSpinner />;
  return (
    <>
      {servers.isPending ? (
        loading
      ) : serverList.length === 0 ? (
        <p className="text-body-secondary">{backupText.noServers}</p>
      ) : (
        <div style={{ maxHeight: SCROLL_HEIGHT.backupServers, overflowY: 'auto' }}>
          <ItemTable
            className="align-middle"
            responsive={false}
            rows={serverList}
            rowKey={(s) => s.name}
            rowTestId="backup-server-row"
            columns={[
              {
                header: modalText.serverName,
                className: 'text-break',
                cell: (s) => s.name,
              },
              { header: modalText.serverUrl, cell: (s) => <Breakable text={s.url} /> },
            ]}
            actions={(s) => (
              <>
                <IconButton
                  icon="cloud-download"
                  label={`${modalText.runBackup} ${s.name}`}
                  disabled={busy}
                  onClick={() => onRun(s)}
                />
                <IconButton
                  icon="pencil"
                  label={`${modalText.edit} ${s.name}`}
                  onClick={() => onDialog({ kind: 'edit', server: s })}
                />
                <IconButton
                  icon="trash"
                  danger
                  label={`${modalText.delete} ${s.name}`}
                  onClick={() => onDialog({ kind: 'deleteServer', server: s })}
                />
              </>
            )}
          />
        </div>
      )}
    </>
  );
}

/** The Server Backups tab's list: restore, view, delete. */
export function BackupsTable({
  backups,
  busy,
  onDialog,
}: {
  backups: UseQueryResult<BackupSummary[]>;
  busy: boolean;
  onDialog: OpenDialog;
}) {
  const backupText = useTexts(backupTextSet);
  const modalText = useTexts(backupModalTextSet);
  const loading = <LoadingSpinner />;
  return (
    <>
      {backups.isPending ? (
        loading
      ) : (backups.data ?? []).length === 0 ? (
        <p className="text-body-secondary">{backupText.noBackups}</p>
      ) : (
        <ItemTable
          className="align-middle"
          rows={backups.data ?? []}
          rowKey={(b) => b._id}
          rowTestId="backup-row"
          columns={[
            { header: modalText.serverName, className: 'text-break', cell: (b) => b.name },
            {
              header: modalText.serverUrl,
              wide: true,
              cell: (b) => <Breakable text={b.url} />,
            },
            {
              header: modalText.backupDate,
              className: 'text-nowrap',
              cell: (b) => format(new Date(b.time), DATE_FORMAT_BACKUP),
            },
          ]}
          actions={(b) => (
            <>
              <IconButton
                icon="arrow-counterclockwise"
                label={`${modalText.restore} ${backupLabel(b)}`}
                disabled={busy}
                onClick={() => onDialog({ kind: 'restore', backup: b })}
              />
              <IconButton
                icon="eye"
                label={`${modalText.view} ${backupLabel(b)}`}
                onClick={() => onDialog({ kind: 'view', backup: b })}
              />
              <IconButton
                icon="trash"
                danger
                label={`${modalText.delete} ${backupLabel(b)}`}
                onClick={() => onDialog({ kind: 'deleteBackup', backup: b })}
              />
            </>
          )}
        />
      )}
    </>
  );
}
