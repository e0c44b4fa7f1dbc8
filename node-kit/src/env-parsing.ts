import type { z } from 'zod';

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

/**
 * Parses env with schema. Empty values count as unset, so a copied .env.example (where empty
 * means "use the default") behaves like an absent variable. Values are never echoed back: some
 * variables are secrets.
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? '(environment)');
    return { variable, message: variable in present ? issue.message : 'is required' };
  });
  const variables = [...new Set(problems.map((p) => p.variable))];
  const lines = problems.map((p) => `  ${p.variable}: ${p.message}`);
  throw new ConfigError(variables, `Invalid configuration:\n${lines.join('\n')}`);
}
