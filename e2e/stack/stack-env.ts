import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { REPO_ROOT } from './paths';
import { ensureSecrets } from './secrets';

/** Every variable the launcher hands to the processes it starts, as plain strings. */
export type StackEnv = Record<string, string>;

/** Names of variables the launcher itself understands beyond .env.example. */
export const LAUNCHER_ENV = {
  /** Path of the env file to load; empty string: load none (the tests use this). */
  envFile: 'STACK_ENV_FILE',
  /** '1': skip the nx build (a caller has just built). */
  skipBuild: 'STACK_SKIP_BUILD',
  /** '1': delete DATA_DIR after the stack has stopped (throwaway stacks of the tests). */
  removeDataDir: 'STACK_REMOVE_DATA_DIR',
} as const;

/** The database the launcher creates on an embedded server. */
export const EMBEDDED_DATABASE = 'storecloud';

/** Reads .env.example into name -> default. It is the one list of variables (docs/configuration.md mirrors it). */
export function readEnvExample(): StackEnv {
  const text = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
  return parseEnv(text) as StackEnv;
}

/**
 * Resolves the stack's configuration: the environment, then .env (which never overrides the
 * environment), then the defaults of .env.example. DATA_DIR becomes absolute (relative to the
 * repository root, whatever the current directory) and missing secrets are generated once into
 * DATA_DIR/secrets.json.
 */
export function resolveStackEnv(source: NodeJS.ProcessEnv = process.env): StackEnv {
  const fromFile = loadEnvFile(source);
  const defaults = readEnvExample();
  const env: StackEnv = {};
  for (const [name, value] of Object.entries(source)) if (value !== undefined) env[name] = value;
  // An empty value means "use the default" for every variable of .env.example.
  for (const [name, value] of Object.entries({ ...defaults, ...fromFile })) {
    if (!env[name]) env[name] = value;
  }
  env.DATA_DIR = path.resolve(REPO_ROOT, env.DATA_DIR || '.data');
  env.HOST ||= '127.0.0.1';
  const host = urlHost(connectHost(env.HOST));
  env.BACKEND_URL ||= `http://${host}:${env.BACKEND_PORT}`;
  env.MEDIA_SERVER_URL ||= `http://${host}:${env.MEDIA_PORT}`;
  // Passkeys need a domain, not an address, as relying party: the portal as http://localhost.
  env.WEBAUTHN_ORIGIN ||= `http://localhost:${env.PORTAL_PORT}`;
  Object.assign(env, ensureSecrets(env.DATA_DIR, env));
  return env;
}

/**
 * The address to reach a service bound to HOST from this machine: loopback when it listens on
 * every interface (0.0.0.0 or ::), else HOST itself.
 */
export function connectHost(host: string): string {
  return ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host;
}

/** An IPv6 address in a URL needs brackets. */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function loadEnvFile(source: NodeJS.ProcessEnv): StackEnv {
  const file = source[LAUNCHER_ENV.envFile] ?? path.join(REPO_ROOT, '.env');
  if (!file || !fs.existsSync(file)) return {};
  return parseEnv(fs.readFileSync(file, 'utf8')) as StackEnv;
}
