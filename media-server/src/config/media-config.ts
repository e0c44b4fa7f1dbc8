import path from 'node:path';
import { z } from 'zod';
import { MEDIA_MAX_HEIGHT, MEDIA_MAX_WIDTH } from '@store-cloud/contracts';
import { ENV_FIELD, type LogLevel, METRICS_ENV, parseEnv } from '@store-cloud/node-kit';

const pixels = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of pixels' })
    .int('must be a whole number of pixels')
    .min(1, 'must be at least 1')
    .max(20_000, 'must be at most 20000')
    .default(fallback);

const envSchema = z.object({
  MEDIA_PORT: ENV_FIELD.port(3100),
  HOST: ENV_FIELD.host(),
  HTTPS: ENV_FIELD.flag(false),
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: ENV_FIELD.logLevel(),
  BACKEND_URL: ENV_FIELD.httpUrl().optional(),
  MEDIA_SERVICE_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  MEDIA_AUDIT_RETRY_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .default(30_000),
  MEDIA_MAX_WIDTH: pixels(MEDIA_MAX_WIDTH),
  MEDIA_MAX_HEIGHT: pixels(MEDIA_MAX_HEIGHT),
  ...METRICS_ENV,
  MEDIA_MIN_FREE_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number of bytes')
    .min(0, 'must be at least 0')
    .default(100 * 1024 * 1024),
});

export interface MediaConfig {
  port: number;
  /** The address the server binds: 127.0.0.1 unless HOST opens it (compose: 0.0.0.0). */
  host: string;
  /** Clients reach the platform over https (a TLS proxy in front): send Strict-Transport-Security. */
  https: boolean;
  /** Absolute. */
  dataDir: string;
  /** Absolute: DATA_DIR/media, where the company folders live. */
  mediaRoot: string;
  logLevel: LogLevel;
  /** Where GET /portal/tokeninfo verifies tokens; without it every media call answers 503. */
  backendUrl?: string;
  /**
   * Shared with the backend: carried when file changes are reported for the audit trail. Unset:
   * file changes are not reported.
   */
  mediaServiceKey?: string;
  /** The outbox of file changes not yet acknowledged by the backend (DATA_DIR/audit-outbox.jsonl). */
  auditOutboxFile: string;
  /** How often the outbox is sent again while the backend does not acknowledge it. */
  auditRetryMs: number;
  /** Uploaded images are fitted within these (spec portal-core §9: 1200 x 937). */
  maxWidth: number;
  maxHeight: number;
  /** Below this much free space on the media root, /health answers 503. */
  minFreeBytes: number;
  /** Bearer token of /metrics; unset: /metrics on the main port answers 404. */
  metricsToken?: string;
  /** /metrics on a port of its own; unset: none. */
  metricsPort?: number;
  /** The files per company are counted at most this often. */
  metricsReadIntervalMs: number;
}

/** The only place the media server reads its environment. Throws ConfigError naming the variable. */
export function loadMediaConfig(
  env: Record<string, string | undefined> = process.env,
): MediaConfig {
  const parsed = parseEnv(envSchema, env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    port: parsed.MEDIA_PORT,
    host: parsed.HOST,
    https: parsed.HTTPS,
    dataDir,
    mediaRoot: path.join(dataDir, 'media'),
    logLevel: parsed.LOG_LEVEL,
    backendUrl: parsed.BACKEND_URL,
    mediaServiceKey: parsed.MEDIA_SERVICE_KEY,
    auditOutboxFile: path.join(dataDir, 'audit-outbox.jsonl'),
    auditRetryMs: parsed.MEDIA_AUDIT_RETRY_MS,
    maxWidth: parsed.MEDIA_MAX_WIDTH,
    maxHeight: parsed.MEDIA_MAX_HEIGHT,
    minFreeBytes: parsed.MEDIA_MIN_FREE_BYTES,
    metricsToken: parsed.METRICS_TOKEN,
    metricsPort: parsed.METRICS_PORT,
    metricsReadIntervalMs: parsed.METRICS_READ_INTERVAL_MS,
  };
}
