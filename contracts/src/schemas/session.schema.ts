import { z } from 'zod';
import { siteQuerySchema } from './site.schema';

/**
 * A portal login's session (issue 23 item 2): every portal and site token names one, and ending
 * it (End on the profile page, Logout) refuses its tokens on every node at once.
 */
export const SESSION_API = {
  /** GET: the caller's own active sessions. */
  list: '/portal/sessions',
  /** DELETE: ends one of the caller's own sessions; another user's id answers 404. */
  end: '/portal/sessions/{id}',
} as const;

/** The path of DELETE SESSION_API.end for one session. */
export const sessionPath = (id: string) => SESSION_API.end.replace('{id}', encodeURIComponent(id));

export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** One active session, as its user sees it: never a token or a secret. */
export const activeSessionSchema = z.object({
  id: z.string(),
  /** ISO times. */
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The client address it logged in from, and its browser (User-Agent, shortened). */
  address: z.string(),
  userAgent: z.string(),
  /** The session of the calling token. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionListSchema = z.array(activeSessionSchema);

/** The profile page's Active sessions section. */
export const SESSIONS_TEXT = {
  heading: 'Active sessions',
  loading: 'Loading sessions…',
  empty: 'No active sessions',
  loadFailed: 'Failed to load sessions',
  thisSession: 'This session',
  started: 'Started',
  lastSeen: 'Last seen',
  address: 'Address',
  browser: 'Browser',
  end: 'End',
  confirmTitle: 'End session',
  confirmEnd: 'Are you sure you want to end this session?',
  confirmEndCurrent: 'This is the session you are using: ending it logs you out. Continue?',
  no: 'No',
  yes: 'Yes',
  endFailed: 'Failed to end the session',
  ended: 'Session ended',
} as const;

/**
 * GET /portallogout: ends the calling session; with c and s (spec §7) it also leaves that store.
 * The portal's Logout sends them only while a store is active.
 */
export const portalLogoutQuerySchema = z
  .object({ c: siteQuerySchema.shape.c.optional(), s: siteQuerySchema.shape.s.optional() })
  .refine((q) => (q.c === undefined) === (q.s === undefined), {
    message: 'c and s go together',
  });
