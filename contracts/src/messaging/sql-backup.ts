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

/** An installation as the backend answers it: with the store it belongs to. */
export const storedSqlBackupInstallationSchema = sqlBackupInstallationSchema.extend({
  CompanyId: z.number().int(),
  StoreId: z.number().int(),
  StoreName: z.string().optional(),
  ReportedAt: z.string(),
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
