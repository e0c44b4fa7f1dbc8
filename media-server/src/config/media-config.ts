import path from 'node:path';
import { z } from 'zod';
import { MEDIA_MAX_HEIGHT, MEDIA_MAX_WIDTH } from '@store-cloud/contracts';
import {
  ConfigError,
  ENV_FIELD,
  type LogLevel,
  METRICS_ENV,
  parseEnv,
} from '@store-cloud/node-kit';

const pixels = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of pixels' })
    .int('must be a whole number of pixels')
    .min(1, 'must be at least 1')
    .max(20_000, 'must be at most 20000')
    .default(fallback);

/** Every variable the media server reads (its meanings make docs/configuration.md). */
export const envSchema = z.object({
  MEDIA_PORT: ENV_FIELD.port(3100).describe('Port of the media server'),
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
    .default(30_000)
    .describe(
      'Media server: how often file changes the backend has not acknowledged are sent again (kept in `DATA_DIR/audit-outbox.jsonl` meanwhile)',
    ),
  MEDIA_MAX_WIDTH: pixels(MEDIA_MAX_WIDTH).describe(
    'Media server: uploaded images are fitted within this width',
  ),
  MEDIA_MAX_HEIGHT: pixels(MEDIA_MAX_HEIGHT).describe(
    'Media server: and within this height (images are never enlarged)',
  ),
  ...METRICS_ENV,
  MEDIA_MIN_FREE_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number of bytes')
    .min(0, 'must be at least 0')
    .default(100 * 1024 * 1024)
    .describe(
      'Media server: below this many free bytes on the media disk `/health` answers 503 (100 MB)',
    ),
  MEDIA_STORAGE: z
    .enum(['local', 's3'], { error: 'must be local or s3' })
    .default('local')
    .describe(
      'Media server: where the company folders live: `local` (under `DATA_DIR/media`) or `s3` (an S3-compatible bucket, the `MEDIA_S3_*` variables; `DATA_DIR/media` then only holds uploads being received)',
    ),
  MEDIA_S3_ENDPOINT: ENV_FIELD.httpUrl()
    .optional()
    .describe(
      'With `s3`: the endpoint of an S3-compatible store (MinIO, SeaweedFS, ...); unset: AWS in `MEDIA_S3_REGION`',
    ),
  MEDIA_S3_BUCKET: z.string().trim().min(1).optional().describe('With `s3` (required): the bucket'),
  MEDIA_S3_REGION: z.string().trim().min(1).default('us-east-1').describe('With `s3`: the region'),
  MEDIA_S3_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe(
      "With `s3`: the access key id; give both halves of the key or neither (neither: the SDK's default chain, the environment or an instance role)",
    ),
  MEDIA_S3_SECRET_ACCESS_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('With `s3`: the secret access key'),
  MEDIA_S3_FORCE_PATH_STYLE: ENV_FIELD.flag(true).describe(
    'With `s3`: path-style addresses (`endpoint/bucket/key`), as MinIO and SeaweedFS need; `false`: virtual-hosted style',
  ),
});

/** Where the company folders live: MEDIA_STORAGE=s3 names an S3-compatible bucket. */
export interface S3StorageConfig {
  /** Unset: the AWS default endpoint of the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Both or neither; neither: the SDK's default chain (environment, instance role). Secret. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

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
  /**
   * Unset: the company folders are on disk under mediaRoot. Set: in this bucket, and mediaRoot
   * only holds the uploads being received (.tmp).
   */
  s3?: S3StorageConfig;
}

/** The bucket settings when MEDIA_STORAGE=s3; a missing bucket or half a key pair is refused. */
function s3Config(parsed: z.output<typeof envSchema>): S3StorageConfig | undefined {
  if (parsed.MEDIA_STORAGE !== 's3') return undefined;
  if (!parsed.MEDIA_S3_BUCKET)
    throw new ConfigError(
      ['MEDIA_S3_BUCKET'],
      'Invalid configuration:\n  MEDIA_S3_BUCKET: is required when MEDIA_STORAGE is s3',
    );
  const id = parsed.MEDIA_S3_ACCESS_KEY_ID;
  const secret = parsed.MEDIA_S3_SECRET_ACCESS_KEY;
  if (!id !== !secret) {
    const missing = id ? 'MEDIA_S3_SECRET_ACCESS_KEY' : 'MEDIA_S3_ACCESS_KEY_ID';
    throw new ConfigError(
      [missing],
      `Invalid configuration:\n  ${missing}: is required when the other half of the S3 key is set`,
    );
  }
  return {
    endpoint: parsed.MEDIA_S3_ENDPOINT,
    bucket: parsed.MEDIA_S3_BUCKET,
    region: parsed.MEDIA_S3_REGION,
    ...(id && secret ? { credentials: { accessKeyId: id, secretAccessKey: secret } } : {}),
    forcePathStyle: parsed.MEDIA_S3_FORCE_PATH_STYLE,
  };
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
    s3: s3Config(parsed),
  };
}
