import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel, parseEnv } from './env-parsing';

const envSchema = z.object({
  MEDIA_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(1, 'must be a port number from 1 to 65535')
    .max(65535, 'must be a port number from 1 to 65535')
    .default(3100),
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  BACKEND_URL: z.url({ error: 'must be an http(s) URL', protocol: /^https?$/ }).optional(),
});

export interface MediaConfig {
  port: number;
  /** Absolute. */
  dataDir: string;
  /** Absolute: DATA_DIR/media, where the company folders live. */
  mediaRoot: string;
  logLevel: LogLevel;
  backendUrl?: string;
}

/** The only place the media server reads its environment. Throws ConfigError naming the variable. */
export function loadMediaConfig(
  env: Record<string, string | undefined> = process.env,
): MediaConfig {
  const parsed = parseEnv(envSchema, env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    port: parsed.MEDIA_PORT,
    dataDir,
    mediaRoot: path.join(dataDir, 'media'),
    logLevel: parsed.LOG_LEVEL,
    backendUrl: parsed.BACKEND_URL,
  };
}
