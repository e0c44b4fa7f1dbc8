import {
  ConfigError,
  ENV_FIELD,
  LOG_LEVELS,
  type LogLevel,
  loadOrExit,
  METRICS_ENV,
  parseEnv,
} from '@store-cloud/node-kit';
import { USER_TYPE_NAMES, type UserTypeName } from '@store-cloud/contracts';
import proxyAddr from 'proxy-addr';
import {
  NOTIFICATIONS_ENV,
  type NotificationsConfig,
  notificationsConfig,
} from './notifications-config';
import { OIDC_ENV, type OidcConfig, oidcConfig } from './oidc-config';
import { ALERTS_ENV, type AlertsConfig, alertsConfig } from './alerts-config';
import { z } from 'zod';

/** The backend may listen on port 0 (any free port, as tests do); the other services may not. */
const PORT_MESSAGE = 'must be a port number from 0 to 65535';
/**
 * What a backend process runs: `api` serves HTTP and sockets and only enqueues jobs; `worker`
 * (dist/worker.js) runs the BullMQ processors and the cluster-wide sweeps; `all` is both in one
 * process (a lone backend, the in-process test app).
 */
export const BACKEND_ROLES = ['all', 'api', 'worker'] as const;
export type BackendRole = (typeof BACKEND_ROLES)[number];

/** Treats an empty variable (as `.env` files write them) like an unset one. */
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/**
 * jsonwebtoken reads a bare number as seconds but a bare numeric string as milliseconds;
 * accept "28800" or "8h" and hand on a number for the former so both mean what they say.
 */
const expiresIn = z
  .string()
  .trim()
  .regex(/^\d+\s*(ms|s|m|h|d|w|y)?$/, 'must be seconds or a duration such as 8h, 30m, 7d')
  .transform((v) => (/^\d+$/.test(v) ? Number(v) : v));

/** proxy-addr's list (Express's `trust proxy`): addresses, CIDR ranges, loopback and the like. */
const isProxyList = (list: string[]) => {
  try {
    proxyAddr.compile(list);
    return true;
  } catch {
    return false;
  }
};

/** An origin as browsers send it: http(s)://host[:port], nothing after. */
const isWebOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
};

/** A passkey's relying party id must be the origin's host or a domain it belongs to. */
const coversHost = (rpId: string, origin: string) => {
  const host = new URL(origin).hostname;
  return host === rpId || host.endsWith(`.${rpId}`);
};

/** Every environment variable the backend reads (see .env.example). */
export const envSchema = z.object({
  BACKEND_PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(0, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(3000)
    .describe('Port of the backend'),
  HOST: ENV_FIELD.host(),
  HTTPS: ENV_FIELD.flag(false).describe(
    '`true` when clients reach the platform over https (a TLS proxy in front): the backend and media server send Strict-Transport-Security',
  ),
  TRUSTED_PROXIES: optionalText
    .transform((v) =>
      (v ?? 'loopback')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine(
      isProxyList,
      'must be IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal) separated by commas',
    )
    .describe(
      "Backend: proxies whose `X-Forwarded-For` names the client (addresses, CIDR ranges, `loopback`, `linklocal`, `uniquelocal`, comma-separated); compose: nginx's fixed address",
    ),
  BACKEND_ROLE: z
    .enum(BACKEND_ROLES, 'must be all, api or worker')
    .default('all')
    .describe(
      'What `backend/dist/main.js` runs: `api` (HTTP and sockets, jobs only added; `npm start` and compose), `all` (also the jobs and sweeps, one process); `backend/dist/worker.js` is always the worker',
    ),
  MONGODB_URI: z
    .string()
    .trim()
    .min(1, 'is required')
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URI'),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .default('redis://127.0.0.1:6379')
    .describe('Redis for queues and sockets'),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]+$/, 'may contain only letters, digits, _ . -')
    .default('storecloud')
    .describe('Prefix of every Redis key, so stacks sharing one Redis stay apart'),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .describe('Signs access tokens; at least 32 characters'),
  JWT_EXPIRES_IN: expiresIn.default('8h').describe('Lifetime of a portal access token'),
  LOG_LEVEL: z
    .enum(LOG_LEVELS)
    .default('info')
    .describe('trace, debug, info, warn, error, fatal, silent'),
  ...OIDC_ENV,
  ...NOTIFICATIONS_ENV,
  ...ALERTS_ENV,
  ADMIN_USERNAME: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('must be an e-mail address'))
    .default('admin@storecloud.local')
    .describe('The first SUPER-ADMIN, created once'),
  ADMIN_PASSWORD: optionalText.describe(
    'Its password; empty: generated and printed once (and written to `ADMIN_PASSWORD_FILE` when set)',
  ),
  ADMIN_PASSWORD_FILE: optionalText.describe(
    'A file the seed also writes a password it generated to (mode 600; compose: a volume)',
  ),
  SEED_DEMO: ENV_FIELD.flag(true).describe(
    '`true`: the seed puts the demo companies and stores into an empty database (compose: `false` unless the demo profile)',
  ),
  SITE_CREDENTIALS_KEY: optionalText.describe(
    'AES-256-GCM key (32 bytes, base64) encrypting stored site passwords',
  ),
  COMPANY_DEFAULT_USERNAME: optionalText.describe('Company-level default site user name'),
  COMPANY_DEFAULT_PASSWORD: optionalText.describe('Company-level default site password'),
  TENTACLE_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .describe(
      "Derives each store's tentacle secret (HMAC-SHA256 of `company:store`); ≥ 32 characters",
    ),
  TENTACLE_CHECK_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100, 'must be at least 100')
    .default(5000)
    .describe('How often the backend counts missed pings in the online list'),
  TENTACLE_MAX_MISSED_PINGS: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(1, 'must be at least 1')
    .default(3)
    .describe('Missed checks after which a store is offline'),
  SITE_IDLE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(1000, 'must be at least 1000')
    .default(900_000)
    .describe(
      'A portal connection to a store unused this long is closed (the portal shows /timeout)',
    ),
  SITE_IDLE_CHECK_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100, 'must be at least 100')
    .default(5_000)
    .describe('How often one node (Redis lock) looks for idle and abandoned connections'),
  SITE_ABANDON_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(1000, 'must be at least 1000')
    .default(45_000)
    .describe(
      'A portal connection whose portal stopped its 5 s heartbeat (`sitetokeninfo?peek=true`) this long is closed',
    ),
  SITE_TOKEN_EXPIRES_IN: expiresIn.default('1h').describe('Lifetime of a site token'),
  RELAY_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100, 'must be at least 100')
    .default(10_000)
    .describe('How long a relayed `/api/v1` call waits for the store before 504'),
  COMPANY_WHITELIST: z
    .string()
    .trim()
    .regex(/^(\d+(\s*,\s*\d+)*)?$/, 'must be company ids separated by commas')
    .default('')
    .describe('Company ids the platform offers, comma-separated; empty: all'),
  MFA_REQUIRED_ROLES: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((t) => t.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine((types) => types.every((t) => (USER_TYPE_NAMES as readonly string[]).includes(t)), {
      message: `must be user types separated by commas (${USER_TYPE_NAMES.join(', ')})`,
    })
    .describe(
      "User types (comma-separated, e.g. `SUPER-ADMIN,ADMIN`, compose's default) that must have a second factor: such a user without one sets it up right after the password and can do nothing else (docs/security.md)",
    ),
  BACKUP_SERVER_KEY: optionalText
    .pipe(z.string().min(32, 'must be at least 32 characters').optional())
    .describe('Key backup servers send each other (≥ 32 characters); empty: HMAC of `JWT_SECRET`'),
  BACKUP_ALLOW_LINK_LOCAL: ENV_FIELD.flag(false).describe(
    '`true` lets backup calls reach link-local and cloud metadata addresses',
  ),
  MEDIA_SERVER_URL: z
    .url('must be an http:// URL')
    .default('http://127.0.0.1:3100')
    .describe(
      'Backend: where the media schedule engine reaches the media server; `npm start`: `http://127.0.0.1:MEDIA_PORT`',
    ),
  MEDIA_SERVICE_KEY: optionalText
    .pipe(z.string().min(32, 'must be at least 32 characters').optional())
    .describe(
      'Shared by the backend and the media server: the media server carries it to report file uploads, deletes and moves to the audit trail; ≥ 32 characters; unset on both: not audited',
    ),
  RESTORE_LOCK_TTL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(1000, 'must be at least 1000')
    .max(60_000, 'must be at most 60000 (a dead holder must let go within a minute)')
    .default(30_000)
    .describe('TTL of the restore lock (1000 to 60000); its holder renews it every third of it'),
  RESTORE_TEST_PAUSE_AT: z
    .enum(['staging', 'swap', 'committed'], 'must be staging, swap or committed')
    .optional()
    .describe(
      'Tests only (fault injection): a restore waits for ever at this stage (`staging`, `swap`, `committed`), to be killed there',
    ),
  SCHEDULE_RECONCILE_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100, 'must be at least 100')
    .default(60_000)
    .describe(
      'How often open media schedules get their missing queue jobs back (after a Redis flush)',
    ),
  ...METRICS_ENV,
  OUTBOX_SWEEP_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100, 'must be at least 100')
    .default(15_000)
    .describe(
      'How often one node sends the held messages of stores that are online (besides the delivery when a store connects)',
    ),
  SQLBACKUP_STALE_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be more than 0')
    .default(26)
    .describe(
      'Backend: an active SQL backup installation without a successful run within this many hours is Stale',
    ),
  SQLBACKUP_REPORT_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100, 'must be at least 100')
    .default(300_000)
    .describe(
      "Backend: the stores' report interval (set it to the simulator's); a store silent for three of them has all its installations Stale",
    ),
  WEBAUTHN_ORIGIN: optionalText
    .transform((v) =>
      (v ?? 'http://localhost:4200')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine(
      (origins) => origins.length > 0 && origins.every(isWebOrigin),
      'must be http(s) origins (scheme, host and port, no path) separated by commas',
    )
    .describe(
      'Passkeys: the portal\'s origins as browsers open them (comma separated). `npm start`: `http://localhost:PORTAL_PORT` (open the portal at localhost to use passkeys); compose: `PORTAL_ORIGIN` (docs/security.md "Passkeys")',
    ),
  WEBAUTHN_RP_ID: optionalText
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9.-]+$/i, 'must be a host name (no scheme, port or path)')
        .optional(),
    )
    .describe(
      "Passkeys: the relying party id, a domain name (never an IP address) that each origin's host is or ends with; checked at start",
    ),
});

/** The backend's typed configuration, derived from the environment once at start. */
export interface AppConfig {
  port: number;
  /** The address the HTTP server binds: 127.0.0.1 unless HOST opens it (compose: 0.0.0.0). */
  host: string;
  /** Clients reach the platform over https (a TLS proxy in front): send Strict-Transport-Security. */
  https: boolean;
  /**
   * Proxies whose X-Forwarded-For is believed (Express `trust proxy`, proxy-addr's list): the
   * client address (req.ip: login limits, audit, logs) is the first hop not among them.
   */
  trustedProxies: string[];
  /** What this process runs (BACKEND_ROLE; dist/worker.js is always `worker`). */
  role: BackendRole;
  mongoUri: string;
  redisUrl: string;
  redisPrefix: string;
  jwtSecret: string;
  jwtExpiresIn: string | number;
  logLevel: LogLevel;
  /** Single sign-on with OpenID Connect (issue 27); undefined: off (OIDC_ISSUER unset). */
  oidc: OidcConfig | undefined;
  /** E-mail and webhook notifications of alerts (issue 26). */
  notifications: NotificationsConfig;
  /** The alerts sweep: incidents and their notices (issue 26). */
  alerts: AlertsConfig;
  adminUsername: string;
  adminPassword?: string;
  /** Where the seed also writes a password it generated (mode 600); compose: a volume. */
  adminPasswordFile?: string;
  /** The seed puts the demo companies and stores into an empty database (compose: false). */
  seedDemo: boolean;
  siteCredentialsKey?: string;
  companyDefaultUsername?: string;
  companyDefaultPassword?: string;
  /** Derives each store's tentacle secret (contracts/src/tentacle.ts). */
  tentacleSecret: string;
  /** How often the ping list is checked for missed pings. */
  tentacleCheckIntervalMs: number;
  /** After this many missed checks a store is dropped from the online list. */
  tentacleMaxMissedPings: number;
  /** A portal connection to a store unused this long is closed (the portal shows /timeout). */
  siteIdleTimeoutMs: number;
  /** How often idle connections are looked for (one node per round, by a Redis lock). */
  siteIdleCheckIntervalMs: number;
  /** A connection whose portal stopped its 5 s heartbeat (tab closed) this long is closed. */
  siteAbandonMs: number;
  /** Lifetime of a site token. */
  siteTokenExpiresIn: string | number;
  /** How long a relayed call waits for the store's answer before 504. */
  relayTimeoutMs: number;
  /** Company ids the platform may offer; empty: every company (spec §6). */
  companyWhitelist: number[];
  /** User types that must have a second factor: they enrol right after the password (issue 27). */
  mfaRequiredRoles: UserTypeName[];
  /** Shared by backup servers that trust each other; unset: derived from jwtSecret. */
  backupServerKey?: string;
  /** Lets backup calls reach link-local and cloud metadata addresses. */
  backupAllowLinkLocal: boolean;
  /** The central media server the schedule engine moves files on. */
  mediaServerUrl: string;
  /**
   * Shared with the media server, which carries it when it reports file changes for the audit
   * trail; unset: no report is accepted.
   */
  mediaServiceKey?: string;
  /** The restore lock's TTL; its holder renews it every third of it (heartbeat). */
  restoreLockTtlMs: number;
  /** Test only (fault injection): a restore waits for ever at this stage, to be killed there. */
  restorePauseAt?: 'staging' | 'swap' | 'committed';
  /** How often open schedules get their missing BullMQ jobs back (after a Redis flush). */
  scheduleReconcileIntervalMs: number;
  /** How often held messages of stores that are online are looked for (missed deliveries). */
  outboxSweepIntervalMs: number;
  /** Bearer token of /metrics; unset: /metrics on the HTTP port answers 404. */
  metricsToken?: string;
  /** /metrics on a port of its own (the worker's only HTTP); unset: none. */
  metricsPort?: number;
  /** The cluster gauges (database, Redis) are read at most this often. */
  metricsReadIntervalMs: number;
  /** An installation without a successful backup for this many hours is stale (issue 17). */
  sqlBackupStaleHours: number;
  /** How often stores report SQL backups; silent for three of these, a store's are stale. */
  sqlBackupReportIntervalMs: number;
  /**
   * Passkeys (WebAuthn): the portal origins browsers sign in from, and the relying party id
   * (a domain each origin's host is or belongs to; default the first origin's host).
   */
  webauthnOrigins: string[];
  webauthnRpId: string;
}

/**
 * Parses the environment; throws one ConfigError (node-kit's) naming every bad or missing
 * variable, never echoing a value.
 */
export function loadBackendConfig(env: Record<string, string | undefined>): AppConfig {
  const e = parseEnv(envSchema, env);
  const webauthnRpId = e.WEBAUTHN_RP_ID ?? new URL(e.WEBAUTHN_ORIGIN[0]).hostname;
  if (!e.WEBAUTHN_ORIGIN.every((origin) => coversHost(webauthnRpId, origin))) {
    throw new ConfigError(
      ['WEBAUTHN_RP_ID'],
      'Invalid configuration:\n  WEBAUTHN_RP_ID: must be the host of every WEBAUTHN_ORIGIN or a domain they belong to',
    );
  }
  return {
    port: e.BACKEND_PORT,
    host: e.HOST,
    https: e.HTTPS,
    trustedProxies: e.TRUSTED_PROXIES,
    role: e.BACKEND_ROLE,
    mongoUri: e.MONGODB_URI,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: e.JWT_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    logLevel: e.LOG_LEVEL,
    oidc: oidcConfig(e),
    notifications: notificationsConfig(e),
    alerts: alertsConfig(e),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminPasswordFile: e.ADMIN_PASSWORD_FILE,
    seedDemo: e.SEED_DEMO,
    siteCredentialsKey: e.SITE_CREDENTIALS_KEY,
    companyDefaultUsername: e.COMPANY_DEFAULT_USERNAME,
    companyDefaultPassword: e.COMPANY_DEFAULT_PASSWORD,
    tentacleSecret: e.TENTACLE_SECRET,
    tentacleCheckIntervalMs: e.TENTACLE_CHECK_INTERVAL_MS,
    tentacleMaxMissedPings: e.TENTACLE_MAX_MISSED_PINGS,
    siteIdleTimeoutMs: e.SITE_IDLE_TIMEOUT_MS,
    siteIdleCheckIntervalMs: e.SITE_IDLE_CHECK_INTERVAL_MS,
    siteAbandonMs: e.SITE_ABANDON_MS,
    siteTokenExpiresIn: e.SITE_TOKEN_EXPIRES_IN,
    relayTimeoutMs: e.RELAY_TIMEOUT_MS,
    companyWhitelist: e.COMPANY_WHITELIST ? e.COMPANY_WHITELIST.split(',').map(Number) : [],
    mfaRequiredRoles: e.MFA_REQUIRED_ROLES as UserTypeName[],
    backupServerKey: e.BACKUP_SERVER_KEY,
    backupAllowLinkLocal: e.BACKUP_ALLOW_LINK_LOCAL,
    mediaServerUrl: e.MEDIA_SERVER_URL,
    mediaServiceKey: e.MEDIA_SERVICE_KEY,
    restoreLockTtlMs: e.RESTORE_LOCK_TTL_MS,
    restorePauseAt: e.RESTORE_TEST_PAUSE_AT,
    scheduleReconcileIntervalMs: e.SCHEDULE_RECONCILE_INTERVAL_MS,
    outboxSweepIntervalMs: e.OUTBOX_SWEEP_INTERVAL_MS,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    metricsReadIntervalMs: e.METRICS_READ_INTERVAL_MS,
    sqlBackupStaleHours: e.SQLBACKUP_STALE_HOURS,
    sqlBackupReportIntervalMs: e.SQLBACKUP_REPORT_INTERVAL_MS,
    webauthnOrigins: e.WEBAUTHN_ORIGIN,
    webauthnRpId,
  };
}

/** For entry points: parse process.env, or print `backend: ` and what is wrong, and exit 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): AppConfig {
  return loadOrExit('backend', () => loadBackendConfig(env));
}
