import { z } from 'zod';

/**
 * Live status pushes (DESIGN §4: the status screen may receive pushes over socket.io, and still
 * refreshes every 5 s). The push carries no data, only "look again": the portal refetches
 * through the HTTP calls that check the caller's rights.
 */
export const LIVE_STATUS = {
  namespace: '/live',
  /** A store came online or went offline, or a portal connection to a store opened or closed. */
  changedEvent: 'status:changed',
  /** A message delivery was started or one of its sites changed state (issue 17). */
  deliveriesChangedEvent: 'deliveries:changed',
  /**
   * An incident of a company opened, resolved, was acknowledged or muted (issue 26); carries
   * `{ companyId }`, and the portal refetches its counts and lists.
   */
  incidentsChangedEvent: 'incidents-changed',
  /**
   * Stores that came online or went offline (issue 30), as a batch of `LiveStoreDelta`s at most
   * every `batchMs`, to portals of users with access to all companies; the portal patches its
   * lists instead of refetching 18,000 stores. Others get `changedEvent` and refetch theirs.
   */
  storesChangedEvent: 'stores:changed',
  batchMs: 1000,
  /** While the push is connected, the full refetch behind it (the 5 s poll while it is not). */
  fallbackRefreshMs: 30_000,
  /** Changes closer together than this are pushed once. */
  throttleMs: 500,
} as const;

/** One store's change in a `storesChangedEvent` batch; the latest change of a store wins. */
export const liveStoreDeltaSchema = z.object({
  companyId: z.number().int(),
  storeId: z.number().int(),
  online: z.boolean(),
  /** When online: the tentacle's version and the time of its ping (ISO). */
  tentacleVersion: z.string().optional(),
  datetime: z.string().optional(),
});
export type LiveStoreDelta = z.infer<typeof liveStoreDeltaSchema>;
export const liveStoreDeltasSchema = z.array(liveStoreDeltaSchema);
