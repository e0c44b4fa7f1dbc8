import { z } from 'zod';

/** Thrown when the environment does not satisfy the schema; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(
    readonly variables: string[],
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The environment fields the services share: a listening address and port, LOG_LEVEL, an http(s) URL, a true/false flag. */
export const ENV_FIELD = {
  port: (fallback: number) =>
    z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(1, 'must be a port number from 1 to 65535')
      .max(65535, 'must be a port number from 1 to 65535')
      .default(fallback),
  logLevel: () =>
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  httpUrl: () => z.url({ error: 'must be an http(s) URL', protocol: /^https?$/ }),
  /** The address to listen on: this machine only unless HOST opens it (compose: 0.0.0.0). */
  host: () => z.string().trim().min(1, 'must be an address to listen on').default('127.0.0.1'),
  flag: (fallback: boolean) =>
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true'),
};

/**
 * Parses env with schema. Empty (and undefined) values count as unset, so a copied .env.example
 * (where empty means "use the default") behaves like an absent variable. Values are never echoed
 * back: some variables are secrets.
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? '(environment)');
    return { variable, message: variable in present ? issue.message : 'is required' };
  });
  const variables = [...new Set(problems.map((p) => p.variable))];
  // Two checks of one variable may say the same thing (a port that is neither whole nor in range).
  const lines = [...new Set(problems.map((p) => `  ${p.variable}: ${p.message}`))];
  throw new ConfigError(variables, `Invalid configuration:\n${lines.join('\n')}`);
}
