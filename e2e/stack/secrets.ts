import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateDir } from './data-dir';

/** Secrets the launcher generates when the environment leaves them empty. */
const GENERATORS = {
  JWT_SECRET: () => crypto.randomBytes(48).toString('base64url'),
  // AES-256-GCM key of the site credentials: exactly 32 bytes.
  SITE_CREDENTIALS_KEY: () => crypto.randomBytes(32).toString('base64'),
  COMPANY_DEFAULT_PASSWORD: () => crypto.randomBytes(18).toString('base64url'),
  // Derives each simulated store's tentacle secret; the backend and the simulator share it.
  TENTACLE_SECRET: () => crypto.randomBytes(48).toString('base64url'),
  // The media server reports file changes to the backend's audit trail with it; both share it.
  MEDIA_SERVICE_KEY: () => crypto.randomBytes(48).toString('base64url'),
} as const;
type SecretName = keyof typeof GENERATORS;
/** The names of the secrets above (docs/configuration.md shows them as generated). */
export const GENERATED_SECRETS = Object.keys(GENERATORS) as SecretName[];

/**
 * Returns every secret: the environment's value where set, else the one kept in
 * dataDir/secrets.json, else a new one, which is written there (mode 600) so that tokens and
 * encrypted site credentials stay valid across restarts.
 */
export function ensureSecrets(
  dataDir: string,
  env: Record<string, string | undefined>,
): Record<SecretName, string> {
  const file = path.join(dataDir, 'secrets.json');
  const stored: Partial<Record<SecretName, string>> = fs.existsSync(file)
    ? JSON.parse(fs.readFileSync(file, 'utf8'))
    : {};
  let changed = false;
  const result = {} as Record<SecretName, string>;
  for (const name of Object.keys(GENERATORS) as SecretName[]) {
    const given = env[name];
    if (given) {
      result[name] = given;
      continue;
    }
    if (!stored[name]) {
      stored[name] = GENERATORS[name]();
      changed = true;
    }
    result[name] = stored[name];
  }
  if (changed) {
    makePrivateDir(dataDir);
    fs.writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
    fs.chmodSync(file, 0o600); // writeFileSync keeps the mode of an existing file
  }
  return result;
}
