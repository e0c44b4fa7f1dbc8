import { z } from 'zod';
import { PORTAL_LABELS } from '../portal-labels';

/** Every error the platform returns: a stable code and a message fit for a person. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The request's id (also its X-Request-Id header): the user quotes it, the logs name it. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** How the portal shows a failed call's request id, for the user to quote to support. */
export const requestIdText = (requestId: string) => `Request id: ${requestId}`;

export const ERROR_CODE = {
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  /** 409: the change loses something and needs the user's explicit confirmation (issues name it). */
  confirmationRequired: 'CONFIRMATION_REQUIRED',
  /** An upload or move would replace a file of the same name; repeat it with replace to do so. */
  fileExists: 'FILE_EXISTS',
  invalidCredentials: 'INVALID_CREDENTIALS',
  /** 403: the token may only set up a second factor (MFA_REQUIRED_ROLES, issue 27). */
  mfaEnrolmentRequired: 'MFA_ENROLMENT_REQUIRED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  unavailable: 'UNAVAILABLE',
  /** 502: a service behind the call (the central media server) refused it; the message says why. */
  upstreamRefused: 'UPSTREAM_REFUSED',
  /** 502: a service behind the call (a store, the media server) answered off its schema. */
  upstreamInvalid: 'UPSTREAM_INVALID',
  /** 503: Redis (online list, store connections, locks) is unreachable; the call may be retried. */
  redisUnavailable: 'REDIS_UNAVAILABLE',
  /** 507: the media disk is full; nothing of the upload or change was kept. */
  insufficientStorage: 'INSUFFICIENT_STORAGE',
  internal: 'INTERNAL',
} as const;

/** The services behind a backend call whose answers it parses (UPSTREAM_INVALID names one). */
export const UPSTREAM = { store: 'store', mediaServer: 'media-server' } as const;
export type Upstream = (typeof UPSTREAM)[keyof typeof UPSTREAM];

/** The message of an UPSTREAM_INVALID answer: the caller is not to blame, the upstream is. */
export const upstreamInvalidText = (upstream: Upstream) =>
  `The ${upstream} answered with data the platform does not understand (upstream: ${upstream})`;

/** The message of a REDIS_UNAVAILABLE answer. */
export const REDIS_UNAVAILABLE_MESSAGE =
  'Store connections are unavailable for a moment, try again shortly';
export type PlatformErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

/**
 * The code of an error known only by its status (an unknown route, a body the parser refused,
 * throttling); a client error whose status is not here is a validation failure.
 */
export const ERROR_CODE_BY_STATUS: Readonly<Record<number, PlatformErrorCode>> = {
  400: ERROR_CODE.validation,
  401: ERROR_CODE.unauthenticated,
  403: ERROR_CODE.forbidden,
  404: ERROR_CODE.notFound,
  405: ERROR_CODE.methodNotAllowed,
  409: ERROR_CODE.conflict,
  429: ERROR_CODE.tooManyRequests,
  503: ERROR_CODE.unavailable,
  507: ERROR_CODE.insufficientStorage,
};

/** GET /version of the cloud service. */
export const versionInfoSchema = z.object({
  version: z.string(),
  node: z.string(),
  express: z.string(),
  /** The MongoDB version the database answers as (FerretDB speaks a MongoDB version too). */
  mongo: z.string(),
  /** The database actually running (issue 30: About said MongoDB while FerretDB ran). */
  database: z.object({ name: z.string(), version: z.string().optional() }).optional(),
});
export type VersionInfo = z.infer<typeof versionInfoSchema>;

/** About's words for the database: 'FerretDB 1.24 (MongoDB 7.0.42 compatible)', 'MongoDB 7.0.14'. */
export function databaseText(
  { mongo, database }: Pick<VersionInfo, 'mongo' | 'database'>,
  compatible = PORTAL_LABELS.mongoCompatible,
) {
  if (!database || database.name === 'MongoDB') return `MongoDB ${mongo}`;
  const version = database.version ? ` ${database.version}` : '';
  return compatible(`${database.name}${version}`, mongo);
}

/** GET /version of the media server and the simulator. */
export const serviceVersionSchema = z.object({ version: z.string() });
export type ServiceVersion = z.infer<typeof serviceVersionSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.record(z.string(), z.enum(['up', 'down'])),
  /** When not ready: why, one short sentence per check that is down. */
  reasons: z.array(z.string()).optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** The reason a service names for each check of /health/ready that is down. */
export const HEALTH_REASON = {
  mongo: 'The database does not answer',
  redis: 'Redis does not answer',
  queues: 'No worker serves every job queue',
  storage: 'The media folders are not writable',
  disk: 'Free disk space is below MEDIA_MIN_FREE_BYTES',
  portal: 'The built portal (index.html) is missing',
} as const;

/** The answer of GET /health/live: the process answers. */
export const LIVE_HEALTH: Health = { status: 'ok', checks: {} };

/** A readiness answer from its checks: ok when all are up, else the reasons of those down. */
export function healthOf(checks: Record<string, boolean>): Health {
  const down = Object.keys(checks).filter((name) => !checks[name]);
  const states = Object.fromEntries(
    Object.entries(checks).map(([name, up]) => [name, up ? 'up' : 'down'] as const),
  );
  if (!down.length) return { status: 'ok', checks: states };
  const reasons = down.map((name) => HEALTH_REASON[name as keyof typeof HEALTH_REASON] ?? name);
  return { status: 'error', checks: states, reasons };
}

/** A date and time as text (ISO 8601 or anything Date.parse reads), not any string. */
const logTimestamp = z
  .string({ error: 'must be a date and time' })
  .trim()
  .min(1, 'must be a date and time')
  .max(100)
  .refine(
    (v) => !Number.isNaN(Date.parse(v)),
    'must be a date and time, e.g. 2026-11-23T10:00:00Z',
  );
const description = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(10000);

/** POST /log and /error of the message-log service (spec §3, §7). */
export const logMessageSchema = z.object({
  data: z.object({
    systemId: z.string().trim().min(1).max(100),
    messageDescription: description,
    timestamp: logTimestamp,
  }),
});
export const errorMessageSchema = z.object({
  data: z.object({
    systemId: z.string().trim().min(1).max(100),
    errorDescription: description,
    timestamp: logTimestamp,
  }),
});

/**
 * A whole number sent as a JSON number or as digits (a query string): never a boolean, an
 * empty string or an array, which z.coerce.number() would turn into 1, 0 or a number.
 */
export const wholeNumberSchema = z
  .union([
    z.number({ error: 'must be a number' }),
    z
      .string({ error: 'must be a number' })
      .trim()
      .regex(/^-?\d{1,15}$/, 'must be a whole number')
      .transform(Number),
  ])
  .pipe(z.number().int('must be a whole number'));
