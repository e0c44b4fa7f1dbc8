import { z } from 'zod';

/**
 * A user's own follows and mutes (issue 26 item 2). Following a company or one of its stores
 * sends its incidents to the user's e-mail (the username) besides the rules' recipients; a mute
 * (until a time, or until lifted) keeps them away from the user and out of its bell count.
 */
export const ALERT_SUBSCRIPTIONS_API = { mine: '/portal/alertsubscriptions' } as const;

export const ALERT_SUBSCRIPTION_LIMITS = { maxEach: 500 } as const;

const companyId = z.number().int().min(0).max(2_147_483_647);
const storeId = z.number().int().min(0).max(2_147_483_647);

/** A company (no storeId) or one of its stores. */
export const alertFollowSchema = z.object({ companyId, storeId: storeId.optional() }).strict();
export type AlertFollow = z.infer<typeof alertFollowSchema>;

export const alertMuteSchema = z
  .object({
    companyId,
    storeId: storeId.optional(),
    /** ISO time the mute ends; left out: until lifted. */
    until: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
  })
  .strict();
export type AlertMute = z.infer<typeof alertMuteSchema>;

/** GET and PUT /portal/alertsubscriptions: the caller's whole set (a PUT replaces it). */
export const alertSubscriptionsSchema = z
  .object({
    follows: z.array(alertFollowSchema).max(ALERT_SUBSCRIPTION_LIMITS.maxEach),
    mutes: z.array(alertMuteSchema).max(ALERT_SUBSCRIPTION_LIMITS.maxEach),
  })
  .strict();
export type AlertSubscriptions = z.infer<typeof alertSubscriptionsSchema>;

/** Whether a company/store pair is covered by a follow or mute entry (a company entry covers its stores). */
export const coversTarget = (
  entry: { companyId: number; storeId?: number },
  companyId: number,
  storeId: number | null | undefined,
) => entry.companyId === companyId && (entry.storeId === undefined || entry.storeId === storeId);
