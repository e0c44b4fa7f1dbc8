import {
  BACKUP_MODAL_TEXT,
  BACKUP_STAGE,
  BACKUP_TEXT,
  BACKUP_TOAST,
  BACKUP_VIEW_TEXT,
} from '@store-cloud/contracts';
import { textSet } from '../text-set';

const server = ['server'] as const;
const backup = ['backup'] as const;

/** Db Backup: the Servers and Server Backups tabs, their dialogs, View Backup, the toasts. */
export const backupTextSet = textSet('backups', 'page', BACKUP_TEXT, {
  confirmDeleteServer: server,
});
export const backupModalTextSet = textSet('backups', 'modal', BACKUP_MODAL_TEXT, {
  confirmDeleteBackup: backup,
  confirmRestoreWarning: server,
  runningBackup: server,
  restoringBackup: server,
});
export const backupViewTextSet = textSet('backups', 'view', BACKUP_VIEW_TEXT, {
  restoring: ['backup', 'server', 'time'],
});
export const backupToastSet = textSet('backups', 'toast', BACKUP_TOAST, {
  'server.addError': server,
  'server.addSuccess': server,
  'server.updateError': server,
  'server.updateSuccess': server,
  'server.deleteError': server,
  'server.deleteSuccess': server,
  'backup.storeError': server,
  'backup.storeSuccess': server,
  'backup.deleteError': backup,
  'backup.deleteSuccess': backup,
  'backup.restoreError': server,
  'backup.restoreSuccess': server,
});

/** A job's stage: the backend reports it in English, the progress shows it in the page's language. */
export const backupStageSet = textSet('backups', 'stage', BACKUP_STAGE, {
  reading: server,
  restoring: server,
});

export const backupsSets = [
  backupTextSet,
  backupModalTextSet,
  backupViewTextSet,
  backupToastSet,
  backupStageSet,
];
