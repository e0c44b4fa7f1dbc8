import { z } from 'zod';
import { wholeNumberSchema } from './common.schema';
import { API } from '../routes';
import { storePingEntrySchema } from '../tentacle';

/**
 * Connecting to a store (spec §2 Store, Status, Timeout; §4 connection flow; §7 /portal/site*,
 * the service status calls; DESIGN §2).
 *
 * The site token: POST /portal/sitelogin answers a short-lived JWT the backend signs for
 * (user, company, store) with its own audience, so a portal token is never a site token nor the
 * other way round. The portal sends it on the relayed /api/v1 calls in SITE_TOKEN_HEADER (the
 * portal's access token is not needed there). The back-office apps of the function frame get it
 * in their address and check it with GET SITE_API.siteTokenInfo (public: the token is the proof).
 */
export const SITE_API = {
  siteConnect: '/portal/siteconnect',
  siteLogin: '/portal/sitelogin',
  siteLogout: '/portal/sitelogout',
  closeSiteConnection: '/portal/closesiteconnection',
  /** GET ?c&s: leaves the store (same effect as sitelogout). */
  portalLogout: API.logout,
  connectionsList: '/portal/connectionslist',
  systemStatus: '/portal/systemstatus',
  /** GET lists, DELETE clears. */
  messageQueue: '/portal/messagequeue',
  /** GET ?token=: who a site token belongs to; 401 when invalid, expired or its connection closed. */
  siteTokenInfo: '/portal/sitetokeninfo',
  /** Everything under this prefix is relayed to the store named by ?c&s. */
  relayPrefix: '/api/v1',
  ping: '/api/v1/ping',
  promotionPing: '/api/v1/promotion/ping',
  version: '/api/v1/version',
  evorouterVersion: '/api/v1/evorouter/version',
} as const;

/** A relayed path as the store sees it, below the relay prefix: '/api/v1/ping' is '/ping'. */
export const storePathOf = (relayPath: string) => relayPath.slice(SITE_API.relayPrefix.length);

/** The header that carries the site token on /api/v1 calls. */
export const SITE_TOKEN_HEADER = 'x-site-token';

/** The `d` query of the service status calls: which store service answers. */
export const SITE_SERVICE = { serving: 'es', deal: 'ed', booking: 'eb', pump: 'eu' } as const;

/** Error codes of the site domain (the body is the common errorBodySchema). */
export const SITE_ERROR_CODE = {
  /** 401 on a call with a site token whose connection was closed (idle or by an admin): go to /timeout. */
  connectionClosed: 'SITE_CONNECTION_CLOSED',
  /** 401 like connectionClosed, when an administrator closed it (Status): /timeout says so. */
  connectionClosedByAdmin: 'SITE_CONNECTION_CLOSED_BY_ADMIN',
  /** 409: the store is not online (offline, or its socket is gone). */
  storeOffline: 'STORE_OFFLINE',
  /** 504: the store did not answer in time. */
  storeTimeout: 'STORE_TIMEOUT',
  /**
   * 504 on a message sent to the store's messenger that it did not acknowledge in time: it may
   * have taken it. A resend with the same message id is applied once (issue 24).
   */
  outcomeUnknown: 'OUTCOME_UNKNOWN',
  /** 401 from sitelogin: the store refused the credentials. */
  siteLoginFailed: 'SITE_LOGIN_FAILED',
  /** 409 from sitelogin: no siteconnect for that store first. */
  notConnected: 'SITE_NOT_CONNECTED',
} as const;

const id = wholeNumberSchema.pipe(z.number().positive('must be a positive id'));

/** POST /portal/siteconnect, /portal/sitelogout, /portal/closesiteconnection. */
export const siteRefSchema = z.object({ company: id, store: id });
export type SiteRef = z.infer<typeof siteRefSchema>;
export const siteConnectSchema = siteRefSchema;
export const siteLogoutSchema = siteRefSchema;
export const closeSiteConnectionSchema = siteRefSchema;

/** POST /portal/sitelogin: username/password null means "resolve them in the cloud". */
export const siteLoginSchema = siteRefSchema.extend({
  username: z.string().max(200).nullable().optional(),
  password: z.string().max(200).nullable().optional(),
});
export type SiteLogin = z.infer<typeof siteLoginSchema>;

/** Answer of siteconnect, sitelogout, closesiteconnection. */
export const siteResultSchema = z.object({ success: z.boolean() });
export type SiteResult = z.infer<typeof siteResultSchema>;

/** Answer of sitelogin. */
export const siteLoginResultSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  /** ISO time the token expires. */
  expires: z.string(),
});
export type SiteLoginResult = z.infer<typeof siteLoginResultSchema>;

/** GET /portallogout?c&s. */
export const siteQuerySchema = z.object({ c: id, s: id });

/** One open portal connection (spec §3 portalConnectionsList). */
export const portalConnectionSchema = z.object({
  company: z.number().int(),
  store: z.number().int(),
  user: z.string(),
  /** ISO time. */
  lastAccessed: z.string(),
});
export type PortalConnection = z.infer<typeof portalConnectionSchema>;
/** GET /portal/connectionslist. */
export const connectionsListSchema = z.array(portalConnectionSchema);

/** A site login in progress (spec §3 loginRequestList). */
export const siteLoginRequestEntrySchema = z.object({
  company: z.number().int(),
  store: z.number().int(),
  user: z.string(),
  /** ISO time. */
  datetime: z.string(),
});
export type SiteLoginRequestEntry = z.infer<typeof siteLoginRequestEntrySchema>;

/** One message waiting for an offline store (spec §3 message queue item). */
export const messageQueueItemSchema = z.object({
  id: z.string(),
  /** The relayed call's query string, e.g. 'c=1&s=2&d=es'. */
  query: z.string(),
  /** ISO time it was queued. */
  datetime: z.string(),
  /** The relayed path, e.g. '/api/v1/broadcastMessage'. */
  url: z.string(),
});
export type MessageQueueItem = z.infer<typeof messageQueueItemSchema>;
export const messageQueueSchema = z.array(messageQueueItemSchema);

/** GET /portal/systemstatus. */
export const systemStatusSchema = z.object({
  loginRequestList: z.array(siteLoginRequestEntrySchema),
  portalConnectionsList: z.array(portalConnectionSchema),
  storePingList: z.array(storePingEntrySchema),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** GET /portal/sitetokeninfo. */
export const siteTokenInfoQuerySchema = z.object({
  token: z.string().min(1).max(4000),
  /**
   * 'true': only check, without refreshing the connection's lastAccessed. The portal's ping loop
   * (spec §4) uses it to notice a closed connection; it must not keep an idle connection open.
   */
  peek: z.enum(['true', 'false']).optional(),
});
export const siteTokenInfoSchema = z.object({
  user: z.string(),
  company: z.number().int(),
  store: z.number().int(),
  /** ISO time the token expires. */
  expires: z.string(),
});
export type SiteTokenInfo = z.infer<typeof siteTokenInfoSchema>;

/**
 * A relayed body nesting deeper than this is refused (400) before anything reaches the store: a
 * store's parser (or the socket's) may overflow its stack on one nested thousands deep.
 */
export const RELAY_BODY_MAX_DEPTH = 32;
/** How often the relay decodes a path's percent-encoding; still encoded after that: refused. */
export const RELAY_PATH_MAX_DECODES = 3;

/** The relay's refusals of input it cannot read one way only (issue 23). */
export const RELAY_TEXT = {
  bodyTooDeep: `The request body is nested more than ${RELAY_BODY_MAX_DEPTH} levels deep`,
  pathStillEncoded: `The path is still percent-encoded after ${RELAY_PATH_MAX_DECODES} decodings`,
  pathBadEncoding: 'The path is not valid percent-encoding',
  serviceAmbiguous:
    'The d parameter is ambiguous: give it once, as a plain value without spaces or control characters',
} as const;

/** Whether a JSON value nests deeper than max (arrays and objects count; iterative, any depth). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The query of every relayed call; d and json are passed on to the store. */
export const relayQuerySchema = z
  .object({ c: id, s: id, d: z.string().max(20).optional(), json: z.string().max(10).optional() })
  .passthrough();

/** Reply of ping, promotion/ping, version and evorouter/version. */
export const siteVersionSchema = z.object({ version: z.string() });
export type SiteVersion = z.infer<typeof siteVersionSchema>;

/** A relayed POST that waited for an offline store: answered 202 with the queue item. */
export const relayQueuedSchema = z.object({
  queued: z.literal(true),
  item: messageQueueItemSchema,
});

/**
 * The cloud-to-store side of the relay, over the store's tentacle socket (request with ack).
 */
export const SITE_SOCKET = {
  /** Cloud to store: siteRequestSchema; the store acks with siteReplySchema. */
  requestEvent: 'site:request',
  /** Cloud to store: siteLoginRequestSchema; the store acks with siteLoginReplySchema. */
  loginEvent: 'site:login',
} as const;

/**
 * The caller's W3C trace context (traceparent, tracestate) on a relayed call, present while
 * tracing is on: the store continues the portal's trace as the parent of its own span.
 */
export const siteTraceSchema = z.record(z.string(), z.string()).optional();

export const siteRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  /** Path below /api/v1, e.g. '/ping'. */
  path: z.string(),
  query: z.record(z.string(), z.string()),
  body: z.unknown().optional(),
  user: z.string().optional(),
  trace: siteTraceSchema,
});
export type SiteRequest = z.infer<typeof siteRequestSchema>;
export const siteReplySchema = z.object({ status: z.number().int(), body: z.unknown() });
export type SiteReply = z.infer<typeof siteReplySchema>;

export const siteLoginRequestSchema = z.object({
  username: z.string(),
  password: z.string(),
  trace: siteTraceSchema,
});
export const siteLoginReplySchema = z.object({ success: z.boolean() });

/**
 * The back-office apps the function frame embeds (spec §2 Function screen): each store host
 * serves `${host}${BOS_APP.path(n)}?token=<site token>&store=<store id>&user=100`, and refuses a
 * missing or invalid token (checked with GET SITE_API.siteTokenInfo on the cloud).
 */
export const BOS_APP = {
  path: (n: 1 | 2 | 3 | number) => `/bos${n}`,
  tokenParam: 'token',
  storeParam: 'store',
  userParam: 'user',
} as const;

/**
 * A call held for an offline store, as the outbox (MongoDB) records it: held until the store's
 * socket connects, delivering while one backend node sends it, then delivered (the store
 * acknowledged it) or failed (the store refused it, or it timed out OUTBOX_MAX_ATTEMPTS times).
 * GET /portal/messagequeue lists the held and delivering ones.
 */
export const OUTBOX_STATE = {
  held: 'held',
  delivering: 'delivering',
  delivered: 'delivered',
  failed: 'failed',
} as const;
export type OutboxState = (typeof OUTBOX_STATE)[keyof typeof OUTBOX_STATE];
export const OUTBOX_STATES = Object.values(OUTBOX_STATE);
/** Deliveries that time out or find the store gone this often make a held call failed. */
export const OUTBOX_MAX_ATTEMPTS = 5;
