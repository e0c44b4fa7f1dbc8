import { z } from 'zod';

/** SQL backup installations of the stores (media spec §2 SQL backup status, §3, §4, §7, §8). */

export const SQL_BACKUP_API = {
  installations: '/portal/sqlbackupinstallations',
} as const;

export const SQL_BACKUP_TEXT = {
  title: 'Site SQL Backup Installations Status',
  loadFailed: 'Failed to get the SQL Backup Installations data',
  loadFailedToast: 'Failed to get SQL Backup Installations data',
  noData: 'No data found',
} as const;

export const SQL_BACKUP_ACTIVE = 'ACTIVE';
export const SQL_BACKUP_SUCCESS = 'SUCCESS';

export const sqlBackupLastRunSchema = z.object({
  Status: z.string().min(1).max(50),
  StartedAt: z.string().max(40).nullable(),
  FinishedAt: z.string().max(40).nullable(),
});

export const sqlBackupJobSchema = z.object({
  Id: z.string().min(1).max(100),
  Name: z.string().max(200),
  LastRun: sqlBackupLastRunSchema.nullable().optional(),
});
export type SqlBackupJob = z.infer<typeof sqlBackupJobSchema>;

/** One installation as a store reports it (spec §3). */
export const sqlBackupInstallationSchema = z.object({
  Id: z.string().min(1).max(100),
  Name: z.string().max(200),
  Status: z.string().max(50),
  Version: z.string().max(50),
  Jobs: z.array(sqlBackupJobSchema).max(200),
});
export type SqlBackupInstallation = z.infer<typeof sqlBackupInstallationSchema>;

/** What a store sends: all its installations, replacing what it sent before. */
export const sqlBackupReportSchema = z.object({
  installations: z.array(sqlBackupInstallationSchema).max(100),
});
export type SqlBackupReport = z.infer<typeof sqlBackupReportSchema>;

/**
 * How a store reports: over its authenticated tentacle socket (contracts/src/tentacle.ts), the
 * event reportEvent with a sqlBackupReportSchema payload, acknowledged with sqlBackupReportAckSchema.
 * The company and store are those of the socket, never taken from the payload.
 */
export const SQL_BACKUP_SOCKET = { reportEvent: 'tentacle:sqlbackup' } as const;
export const sqlBackupReportAckSchema = z.object({ ok: z.boolean() });

/**
 * Why an installation is stale (issue 17 point 4): its store has not reported for three report
 * intervals (what it shows may be outdated), or its last successful backup is older than
 * SQLBACKUP_STALE_HOURS (or there is none).
 */
export const SQL_BACKUP_STALE_REASONS = ['reportOverdue', 'backupOverdue'] as const;
export type SqlBackupStaleReason = (typeof SQL_BACKUP_STALE_REASONS)[number];
/** A store counts as silent after this many missed report intervals. */
export const SQL_BACKUP_MISSED_REPORTS = 3;

/** An installation as the backend answers it: with the store it belongs to. */
export const storedSqlBackupInstallationSchema = sqlBackupInstallationSchema.extend({
  CompanyId: z.number().int(),
  StoreId: z.number().int(),
  StoreName: z.string().optional(),
  ReportedAt: z.string(),
  /** Issue 17 point 4: orthogonal to the spec's outcome (a successful installation can be stale). */
  stale: z.boolean(),
  staleReason: z.enum(SQL_BACKUP_STALE_REASONS).optional(),
});
export type StoredSqlBackupInstallation = z.infer<typeof storedSqlBackupInstallationSchema>;

/** GET /portal/sqlbackupinstallations answer (spec §3 result wrapper). */
export const sqlBackupInstallationsResultSchema = z.object({
  IsSuccess: z.boolean(),
  Data: z.array(storedSqlBackupInstallationSchema),
});
export type SqlBackupInstallationsResult = z.infer<typeof sqlBackupInstallationsResultSchema>;

/** The dashboard's count buttons, in the spec's order. */
export const SQL_BACKUP_OUTCOMES = [
  'successful',
  'failed',
  'notRun',
  'noJobs',
  'inactive',
] as const;
export type SqlBackupOutcome = (typeof SQL_BACKUP_OUTCOMES)[number];
export const SQL_BACKUP_OUTCOME_LABEL: Record<SqlBackupOutcome | 'all', string> = {
  successful: 'Successful',
  failed: 'Failed',
  notRun: 'Not Run',
  noJobs: 'No Jobs',
  inactive: 'Inactive Site',
  all: 'All',
};

/** The dashboard's own Stale count button and the reasons shown with it (issue 17 point 4). */
export const SQL_BACKUP_STALE_LABEL = 'Stale';
export const SQL_BACKUP_STALE_REASON_TEXT: Record<SqlBackupStaleReason, string> = {
  reportOverdue: 'The store has not reported for three report intervals',
  backupOverdue: 'No successful backup within the stale limit',
};
/** The marker on Status and Home for the admin types. */
export const sqlBackupStaleNotice = (count: number) =>
  `${count} SQL backup installation${count === 1 ? ' is' : 's are'} stale`;

/**
 * Spec §4: an installation whose status is not ACTIVE is inactive; otherwise one with no jobs has
 * none; a job whose last run is not SUCCESS makes it failed; a job that has never run makes it
 * not run; every last run SUCCESS is successful. A failure outranks a job not yet run.
 */
export function classifySqlBackupInstallation(
  installation: SqlBackupInstallation,
): SqlBackupOutcome {
  if (installation.Status !== SQL_BACKUP_ACTIVE) return 'inactive';
  if (installation.Jobs.length === 0) return 'noJobs';
  if (installation.Jobs.some((job) => job.LastRun && job.LastRun.Status !== SQL_BACKUP_SUCCESS))
    return 'failed';
  if (installation.Jobs.some((job) => !job.LastRun)) return 'notRun';
  return 'successful';
}

export function countSqlBackupOutcomes(
  installations: readonly SqlBackupInstallation[],
): Record<SqlBackupOutcome | 'all', number> {
  const counts = {
    successful: 0,
    failed: 0,
    notRun: 0,
    noJobs: 0,
    inactive: 0,
    all: installations.length,
  };
  for (const installation of installations)
    counts[classifySqlBackupInstallation(installation)] += 1;
  return counts;
}

/** The newest finish (else start) of a job's last run that succeeded; null when none did. */
export function lastSuccessfulSqlBackup(installation: SqlBackupInstallation): Date | null {
  let latest: number | null = null;
  for (const job of installation.Jobs) {
    const run = job.LastRun;
    if (!run || run.Status !== SQL_BACKUP_SUCCESS) continue;
    const at = Date.parse(run.FinishedAt ?? run.StartedAt ?? '');
    if (!Number.isNaN(at) && (latest === null || at > latest)) latest = at;
  }
  return latest === null ? null : new Date(latest);
}

/**
 * Issue 17 point 4. A store silent for SQL_BACKUP_MISSED_REPORTS report intervals makes all its
 * installations stale; otherwise an active installation with jobs is stale when no job's last run
 * succeeded within staleHours. Inactive and job-less installations back nothing up: never overdue.
 */
export function sqlBackupStaleReason(
  installation: SqlBackupInstallation,
  reportedAt: Date,
  now: Date,
  settings: { staleHours: number; reportIntervalMs: number },
): SqlBackupStaleReason | undefined {
  if (now.getTime() - reportedAt.getTime() > SQL_BACKUP_MISSED_REPORTS * settings.reportIntervalMs)
    return 'reportOverdue';
  if (installation.Status !== SQL_BACKUP_ACTIVE || installation.Jobs.length === 0) return undefined;
  const success = lastSuccessfulSqlBackup(installation);
  if (!success || now.getTime() - success.getTime() > settings.staleHours * 3_600_000)
    return 'backupOverdue';
  return undefined;
}

/**
 * The run shown in the table: the latest started among the jobs, except for a failed
 * installation, which shows the latest failed run (the one its Failed result is about), not a
 * later successful run of another job.
 */
export function latestSqlBackupRun(installation: SqlBackupInstallation) {
  const failed = classifySqlBackupInstallation(installation) === 'failed';
  const runs = installation.Jobs.flatMap((job) =>
    job.LastRun && (!failed || job.LastRun.Status !== SQL_BACKUP_SUCCESS) ? [job.LastRun] : [],
  );
  return runs.sort((a, b) => (b.StartedAt ?? '').localeCompare(a.StartedAt ?? ''))[0] ?? null;
}
