import { z } from 'zod';

/**
 * The tentacle socket (DESIGN §2.1): one socket.io connection per store to the /tentacle
 * namespace. The store proves who it is with a per-store secret:
 *   secret = hex(HMAC-SHA256(TENTACLE_SECRET, tentacleSecretMessage(company, store)))
 * so the cloud stores no per-store secret and one leaked store secret opens no other store.
 */
export const TENTACLE = {
  namespace: '/tentacle',
  /** Store to cloud, every pingIntervalMs: { tentacleVersion }. */
  pingEvent: 'tentacle:ping',
  pingIntervalMs: 5000,
} as const;

export const tentacleSecretMessage = (companyId: number, storeId: number) =>
  `${companyId}:${storeId}`;

/**
 * A store as the backend's Redis hashes and sets name it ('company:store'): the ping list field,
 * the start of a portal connection's field, a held-messages member; lookups in memory match it.
 */
export const storeKey = (companyId: number, storeId: number) => `${companyId}:${storeId}`;

/** The socket.io room of one store's tentacle, on whichever backend node holds it. */
export const tentacleRoom = (companyId: number, storeId: number) => `store:${companyId}:${storeId}`;

/** The socket.io handshake `auth` of a store. */
export const tentacleAuthSchema = z.object({
  company: z.coerce.number().int().positive(),
  store: z.coerce.number().int().positive(),
  secret: z.string().regex(/^[0-9a-f]{64}$/),
  /** So the store shows its version as soon as it connects, before its first ping. */
  tentacleVersion: z.string().max(100).optional(),
});
export type TentacleAuth = z.infer<typeof tentacleAuthSchema>;

export const tentaclePingSchema = z.object({ tentacleVersion: z.string().max(100) });
export type TentaclePing = z.infer<typeof tentaclePingSchema>;

/** One entry of storePingList (spec §3 System status). */
export const storePingEntrySchema = z.object({
  enterprise: z.object({ company: z.number().int(), store: z.number().int() }),
  /** ISO time of the last ping. */
  datetime: z.string(),
  tentacleVersion: z.string(),
  noPingCounter: z.number().int().nonnegative(),
});
export type StorePingEntry = z.infer<typeof storePingEntrySchema>;
