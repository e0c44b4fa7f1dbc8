import { z } from 'zod';
import { withNameRule } from '../media-names';
import { VALIDATION } from '../texts';

/**
 * Server backups (spec §2 Server backup, §3 Backup server and Backup, §7 backup calls).
 * The same schemas validate the portal's forms and the backend's request bodies.
 */

const MAX_NAME = 100;
const MAX_URL = 2048;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

export const BACKUP_URL_INVALID = 'The server URL must be an http:// or https:// address.';

const serverName = withNameRule(
  z
    .string({ error: VALIDATION.serverNameRequired })
    .trim()
    .min(1, VALIDATION.serverNameRequired)
    .max(MAX_NAME, `The server name must be at most ${MAX_NAME} characters.`),
  'server name',
);

const serverUrl = z
  .string({ error: VALIDATION.serverUrlRequired })
  .trim()
  .min(1, VALIDATION.serverUrlRequired)
  .max(MAX_URL)
  // The form pre-fills 'https://': that alone is no URL yet.
  .refine((v) => !/^https?:\/\/$/i.test(v), VALIDATION.serverUrlRequired)
  .refine(isHttpUrl, BACKUP_URL_INVALID)
  // One spelling per server: no trailing slash, so `${url}/portal/...` is always right.
  .transform((v) => v.replace(/\/+$/, ''));

/** A backup server (spec §3): name and url. */
export const backupServerSchema = z.object({ name: z.string(), url: z.string() });
export type BackupServer = z.infer<typeof backupServerSchema>;
export const backupServerListSchema = z.array(backupServerSchema);

/** POST /portal/addbackupserver. */
export const addBackupServerSchema = z.object({ name: serverName, url: serverUrl });
export type AddBackupServerRequest = z.input<typeof addBackupServerSchema>;

/**
 * PATCH /portal/updatebackupserver {name, url}: originalName names the server being edited
 * (the spec's body has only name and url; without it a rename could not be told from a new one).
 * Absent, the server called `name` is updated.
 */
export const updateBackupServerSchema = z.object({
  name: serverName,
  url: serverUrl,
  originalName: z.string().trim().min(1).max(MAX_NAME).optional(),
});
export type UpdateBackupServerRequest = z.input<typeof updateBackupServerSchema>;

/** DELETE /portal/backupserver?servername= */
export const deleteBackupServerQuerySchema = z.object({ servername: serverName });

const objectId = z.string().regex(/^[0-9a-f]{24}$/i, 'must be a backup id');

/** DELETE /portal/backup?backupId= and GET /portal/backup?backupId= */
export const backupIdQuerySchema = z.object({ backupId: objectId });

/** One row of GET /portal/backupslist: _id, name, url, time (ISO 8601). */
export const backupSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  url: z.string(),
  time: z.string(),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;
export const backupListSchema = z.array(backupSummarySchema);

/**
 * The data of one server's backup (GET {url}/portal/systembackup): each collection the platform
 * owns with its indexes and documents in MongoDB Extended JSON (relaxed), so ids and dates keep
 * their types through a restore.
 */
export const BACKUP_FORMAT = 'store-cloud-backup';
export const COLLECTION_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export const backupIndexSchema = z.object({
  name: z.string().min(1).max(128),
  key: z.record(z.string(), z.union([z.number(), z.string()])),
  unique: z.boolean().optional(),
  sparse: z.boolean().optional(),
});
export type BackupIndex = z.infer<typeof backupIndexSchema>;

export const backupCollectionSchema = z.object({
  indexes: z.array(backupIndexSchema).default([]),
  documents: z.array(z.record(z.string(), z.unknown())),
});

export const systemBackupDataSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  collections: z.record(
    z.string().regex(COLLECTION_NAME_PATTERN, 'is not a collection name'),
    backupCollectionSchema,
  ),
});
export type SystemBackupData = z.infer<typeof systemBackupDataSchema>;

/** POST {url}/portal/systembackup: restore `data` on that server. */
export const systemRestoreSchema = z.object({
  serverName: z.string().trim().min(1).max(MAX_NAME),
  data: systemBackupDataSchema,
  /** The caller's job id: the server keeps the restore's outcome under it (see below). */
  restoreId: z.string().min(1).max(100).optional(),
});
export type SystemRestoreRequest = z.input<typeof systemRestoreSchema>;

export const systemRestoreResultSchema = z.object({
  collections: z.number().int(),
  documents: z.number().int(),
});
export type SystemRestoreResult = z.infer<typeof systemRestoreResultSchema>;

/**
 * GET {url}/portal/systembackup/restore?restoreId=: what became of a restore asked with that id,
 * read from the server's restore journal (a caller that lost the answer learns the outcome).
 */
export const systemRestoreStateQuerySchema = z.object({ restoreId: z.string().min(1).max(100) });
export const SYSTEM_RESTORE_OUTCOMES = ['running', 'applied', 'not-applied'] as const;
export const systemRestoreStateSchema = z.object({ outcome: z.enum(SYSTEM_RESTORE_OUTCOMES) });
export type SystemRestoreState = z.infer<typeof systemRestoreStateSchema>;

/** POST /portal/storebackup {name, url, time, backup}. */
export const storeBackupSchema = z.object({
  name: serverName,
  url: serverUrl,
  time: z.iso.datetime({ offset: true }),
  backup: systemBackupDataSchema,
});
export type StoreBackupRequest = z.input<typeof storeBackupSchema>;

/** GET /portal/backup?backupId=: one backup with its data, for the View modal. */
export const backupDetailSchema = backupSummarySchema.extend({ backup: z.unknown() });
export type BackupDetail = z.infer<typeof backupDetailSchema>;

/** Running a backup and a restore are BullMQ jobs (DESIGN §4); the portal polls their state. */
export const BACKUP_QUEUE = 'backups';
export const BACKUP_JOB = { run: 'run-backup', restore: 'restore-backup' } as const;
export type BackupJobName = (typeof BACKUP_JOB)[keyof typeof BACKUP_JOB];

export const runBackupJobSchema = z.object({ serverName: serverName });
export const restoreBackupJobSchema = z.object({
  backupId: objectId,
  serverName: z
    .string({ error: VALIDATION.restoreServerRequired })
    .trim()
    .min(1, VALIDATION.restoreServerRequired),
});
export type RunBackupJobData = z.infer<typeof runBackupJobSchema>;
export type RestoreBackupJobData = z.infer<typeof restoreBackupJobSchema>;

/** POST /portal/runbackup {serverName} and POST /portal/restorebackup {backupId, serverName}. */
export const backupJobRefSchema = z.object({ jobId: z.string() });
export type BackupJobRef = z.infer<typeof backupJobRefSchema>;

/** GET /portal/backupjob?jobId= */
export const backupJobQuerySchema = z.object({ jobId: z.string().min(1).max(100) });
export const BACKUP_JOB_STATES = ['waiting', 'active', 'completed', 'failed'] as const;
export const backupJobStatusSchema = z.object({
  jobId: z.string(),
  name: z.enum([BACKUP_JOB.run, BACKUP_JOB.restore]),
  serverName: z.string(),
  state: z.enum(BACKUP_JOB_STATES),
  /** 0 to 100. */
  progress: z.number(),
  stage: z.string(),
  /** Set when state is failed: a message fit for a person. */
  error: z.string().optional(),
});
export type BackupJobStatus = z.infer<typeof backupJobStatusSchema>;

/** Backend paths of the backup screen (spec §7, plus the job calls). */
export const BACKUP_API = {
  servers: '/portal/backupserverslist',
  addServer: '/portal/addbackupserver',
  updateServer: '/portal/updatebackupserver',
  deleteServer: '/portal/backupserver',
  backups: '/portal/backupslist',
  backup: '/portal/backup',
  storeBackup: '/portal/storebackup',
  systemBackup: '/portal/systembackup',
  systemRestoreState: '/portal/systembackup/restore',
  runBackup: '/portal/runbackup',
  restoreBackup: '/portal/restorebackup',
  job: '/portal/backupjob',
} as const;

/** Server-to-server calls to {url}/portal/systembackup carry this header (see docs/features/backups.md). */
export const BACKUP_KEY_HEADER = 'x-backup-key';
