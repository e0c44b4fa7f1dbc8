import {
  SQL_BACKUP_ACTIVE,
  SQL_BACKUP_OUTCOMES,
  SQL_BACKUP_SUCCESS,
  type SqlBackupInstallation,
  type SqlBackupJob,
  type SqlBackupOutcome,
} from '../messaging/sql-backup';
import type { Fleet } from './fleet.schema';

const HOUR = 3_600_000;

/**
 * The SQL backup installations a simulated store reports: one or two per store, each of a chosen
 * outcome (media spec §4 classification). The n-th store of the fleet (in fleet order) gets the
 * outcomes n and, on every other store, n + 2 of SQL_BACKUP_OUTCOMES, so any fleet of five or more
 * stores (the demo fleet has seven) shows every count of the dashboard above zero.
 */
export function simulatedSqlBackupOutcomes(ordinal: number): SqlBackupOutcome[] {
  const n = SQL_BACKUP_OUTCOMES.length;
  const first = SQL_BACKUP_OUTCOMES[ordinal % n]!;
  return ordinal % 2 === 0 ? [first] : [first, SQL_BACKUP_OUTCOMES[(ordinal + 2) % n]!];
}

/** An installation of the given outcome; the runs finished shortly before `now`. */
export function simulatedSqlBackupInstallation(
  companyId: number,
  storeId: number,
  index: number,
  outcome: SqlBackupOutcome,
  now: Date = new Date(),
): SqlBackupInstallation {
  const id = `SQLBK-${companyId}-${storeId}-${index + 1}`;
  const run = (status: string, hoursAgo: number) => ({
    Status: status,
    StartedAt: new Date(now.getTime() - hoursAgo * HOUR).toISOString(),
    FinishedAt: new Date(now.getTime() - hoursAgo * HOUR + 12 * 60_000).toISOString(),
  });
  const job = (name: string, lastRun: SqlBackupJob['LastRun']): SqlBackupJob => ({
    Id: `${id}-${name.replace(/\s+/g, '')}`,
    Name: name,
    LastRun: lastRun,
  });
  const jobs: Record<SqlBackupOutcome, SqlBackupJob[]> = {
    successful: [
      job('Full Backup', run(SQL_BACKUP_SUCCESS, 6)),
      job('Log Backup', run(SQL_BACKUP_SUCCESS, 1)),
    ],
    failed: [job('Full Backup', run('FAILED', 5)), job('Log Backup', run(SQL_BACKUP_SUCCESS, 1))],
    notRun: [job('Full Backup', run(SQL_BACKUP_SUCCESS, 7)), job('Log Backup', null)],
    noJobs: [],
    inactive: [job('Full Backup', run(SQL_BACKUP_SUCCESS, 30))],
  };
  return {
    Id: id,
    Name: `EvoSQLBackup ${companyId}-${storeId} #${index + 1}`,
    Status: outcome === 'inactive' ? 'INACTIVE' : SQL_BACKUP_ACTIVE,
    Version: `2.${index + 1}.${(companyId + storeId) % 10}`,
    Jobs: jobs[outcome],
  };
}

/** The installations of every store of a fleet, keyed `company/store`. */
export function simulatedSqlBackupFleet(
  fleet: Fleet,
  now: Date = new Date(),
): Map<string, SqlBackupInstallation[]> {
  const all = new Map<string, SqlBackupInstallation[]>();
  let ordinal = 0;
  for (const company of fleet.companies)
    for (const store of company.stores) {
      const outcomes = simulatedSqlBackupOutcomes(ordinal++);
      all.set(
        `${company.companyId}/${store.storeId}`,
        outcomes.map((outcome, i) =>
          simulatedSqlBackupInstallation(company.companyId, store.storeId, i, outcome, now),
        ),
      );
    }
  return all;
}
