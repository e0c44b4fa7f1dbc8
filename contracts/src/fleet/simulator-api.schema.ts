import { z } from 'zod';
import { LOG_LEVELS, messageHistorySchema } from '../messaging/messaging';
import { sqlBackupInstallationSchema } from '../messaging/sql-backup';
import { storeMediaSchema } from '../schemas/media-schedule.schema';
import { fleetCompanySchema, fleetStoreSchema } from './fleet.schema';

/** A store's control path; string ids let a server pass its route parameters (':companyId'). */
const storeAction = (action: string) => (companyId: number | string, storeId: number | string) =>
  `/stores/${companyId}/${storeId}/${action}`;

/** The router simulator's control API, used by the launcher, the e2e tests and benches. */
export const SIMULATOR_API = {
  version: '/version',
  health: '/health',
  healthLive: '/health/live',
  healthReady: '/health/ready',
  fleet: '/fleet',
  storeOffline: storeAction('offline'),
  storeOnline: storeAction('online'),
  /** POST {delayMs}: the store answers relayed calls this much later (0: at once). */
  storeSlow: storeAction('slow'),
  /** GET: the relayed calls other than GET the store received, oldest first. */
  storeMessages: storeAction('messages'),
  /** GET: the store messenger's history and log level (simulatedMessengerSchema). */
  storeMessenger: storeAction('messenger'),
  /**
   * GET: the SQL backup installations the store reports; PUT {installations}: replaces them and
   * reports them to the cloud at once (simulatedSqlBackupSchema).
   */
  storeSqlBackup: storeAction('sqlbackup'),
  /** GET: the store's active media as it last fetched them from the cloud (simulatedMediaSchema). */
  storeMedia: storeAction('media'),
  /** POST {reason}: the store refuses the files new to it with that reason (null: takes them). */
  storeMediaFail: storeAction('mediafail'),
} as const;

/** A simulated store as GET /fleet shows it: no site credentials, plus whether it is online. */
export const simulatedStoreSchema = fleetStoreSchema
  .omit({ siteCredentials: true })
  .extend({ online: z.boolean() });

export const simulatedCompanySchema = fleetCompanySchema.extend({
  stores: z.array(simulatedStoreSchema),
});

export const simulatedFleetSchema = z.object({ companies: z.array(simulatedCompanySchema) });

/** The answer of POST /stores/:companyId/:storeId/offline|online. */
export const simulatedStoreStateSchema = z.object({
  companyId: z.number().int(),
  storeId: z.number().int(),
  online: z.boolean(),
});

export type SimulatedStore = z.infer<typeof simulatedStoreSchema>;
export type SimulatedCompany = z.infer<typeof simulatedCompanySchema>;
export type SimulatedFleet = z.infer<typeof simulatedFleetSchema>;
export type SimulatedStoreState = z.infer<typeof simulatedStoreStateSchema>;

/** POST SIMULATOR_API.storeSlow. */
export const simulatedSlowSchema = z.object({ delayMs: z.number().int().min(0).max(600_000) });
/** GET SIMULATOR_API.storeMessages. */
export const simulatedMessagesSchema = z.array(
  z.object({ path: z.string(), query: z.record(z.string(), z.string()), body: z.unknown() }),
);
export type SimulatedMessages = z.infer<typeof simulatedMessagesSchema>;

/** GET SIMULATOR_API.storeMessenger. */
export const simulatedMessengerSchema = z.object({
  history: messageHistorySchema,
  logLevel: z.object({
    level: z.enum(LOG_LEVELS),
    /** ISO time the level reverts; null when permanent. */
    until: z.string().nullable(),
  }),
});
export type SimulatedMessenger = z.infer<typeof simulatedMessengerSchema>;

/** GET and PUT SIMULATOR_API.storeSqlBackup. */
export const simulatedSqlBackupSchema = z.object({
  installations: z.array(sqlBackupInstallationSchema).max(100),
});
export type SimulatedSqlBackup = z.infer<typeof simulatedSqlBackupSchema>;

/** GET SIMULATOR_API.storeMedia: null fetchedAt (and media) until the first fetch succeeded. */
export const simulatedMediaSchema = z.object({
  fetchedAt: z.string().nullable(),
  media: storeMediaSchema.nullable(),
});
export type SimulatedMedia = z.infer<typeof simulatedMediaSchema>;
