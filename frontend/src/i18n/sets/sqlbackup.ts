import {
  SQL_BACKUP_LABELS,
  SQL_BACKUP_OUTCOME_LABEL,
  SQL_BACKUP_STALE_LABEL,
  SQL_BACKUP_STALE_REASON_TEXT,
  SQL_BACKUP_TEXT,
  sqlBackupStaleNotice,
} from '@store-cloud/contracts';
import { textSet } from '../text-set';

/** SQL Backup Status: the dashboard, its count buttons and table, the stale marker. */
export const sqlBackupTextSet = textSet('sqlbackup', 'page', SQL_BACKUP_TEXT);
export const sqlBackupLabelsSet = textSet('sqlbackup', 'labels', SQL_BACKUP_LABELS, {
  details: ['name'],
  countButton: ['label', 'count'],
  countLoading: ['label'],
});
export const sqlBackupOutcomeLabelSet = textSet('sqlbackup', 'outcomes', SQL_BACKUP_OUTCOME_LABEL);
/** The contract's Stale label, reasons and notice are separate constants: one set holds them. */
export const sqlBackupStaleSet = textSet(
  'sqlbackup',
  'stale',
  {
    label: SQL_BACKUP_STALE_LABEL,
    reasons: SQL_BACKUP_STALE_REASON_TEXT,
    notice: sqlBackupStaleNotice,
  },
  { notice: ['count'] },
);

export const sqlBackupSets = [
  sqlBackupTextSet,
  sqlBackupLabelsSet,
  sqlBackupOutcomeLabelSet,
  sqlBackupStaleSet,
];
