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
  /** Changes closer together than this are pushed once. */
  throttleMs: 500,
} as const;
