import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sparePortsSync } from '../../stack/spare-ports';
import { EMBEDDED_DATABASE, LAUNCHER_ENV } from '../../stack/stack-env';

/**
 * What the end-to-end stack runs with. Computed once in the Playwright runner and kept in
 * process.env, which the workers inherit, so the config (loaded by every worker) and the
 * specs agree on the same spare ports and the same throwaway folder.
 */
function once(name: string, make: () => string): string {
  process.env[name] ||= make();
  return process.env[name]!;
}

const [portal, backend, media, simulator, database] = once('E2E_PORTS', () =>
  sparePortsSync(5).join(','),
)
  .split(',')
  .map(Number);

const dataDir = once('E2E_DATA_DIR', () =>
  fs.mkdtempSync(path.join(os.tmpdir(), 'storecloud-e2e-')),
);

export const SITE_IDLE_TIMEOUT_MS = 20_000;

/**
 * Single sign-on against node-oidc-provider, which tests/sso.spec.ts starts on this port (the
 * backend discovers it at the first sign-in, so nothing else needs it running).
 */
const oidcPort = Number(once('E2E_OIDC_PORT', () => String(sparePortsSync(1)[0])));
export const E2E_OIDC = {
  port: oidcPort,
  issuer: `http://127.0.0.1:${oidcPort}`,
  clientId: 'store-cloud',
  clientSecret: 'store-cloud-e2e-client-secret',
  label: 'Test IdP',
  roleMap: 'e2e-staff=BASIC:101; e2e-admins=ADMIN:*',
} as const;

export const E2E = {
  portalUrl: `http://127.0.0.1:${portal}`,
  backendUrl: `http://127.0.0.1:${backend}`,
  mediaUrl: `http://127.0.0.1:${media}`,
  simulatorUrl: `http://127.0.0.1:${simulator}`,
  mongoUri: `mongodb://127.0.0.1:${database}/${EMBEDDED_DATABASE}`,
  admin: { username: 'e2e-admin@storecloud.local', password: 'E2eAdmin-Pass1' },
} as const;

/** The environment of `node --import tsx e2e/stack/start.ts` for the Playwright webServer. */
export const E2E_STACK_ENV: Record<string, string> = {
  PORTAL_PORT: String(portal),
  BACKEND_PORT: String(backend),
  MEDIA_PORT: String(media),
  SIMULATOR_PORT: String(simulator),
  FERRETDB_PORT: String(database),
  BACKEND_URL: E2E.backendUrl,
  DATA_DIR: dataDir,
  // Always a throwaway embedded database, whatever the developer's shell or .env says.
  MONGODB_URI: '',
  [LAUNCHER_ENV.envFile]: '',
  [LAUNCHER_ENV.removeDataDir]: '1',
  REDIS_PREFIX: once('E2E_REDIS_PREFIX', () => `e2e-${process.pid}`),
  ADMIN_USERNAME: E2E.admin.username,
  ADMIN_PASSWORD: E2E.admin.password,
  LOG_LEVEL: 'warn',
  // A store that stops pinging is offline at the first check that finds it silent.
  TENTACLE_MAX_MISSED_PINGS: '1',
  // A store connection nobody uses closes after 20 s, so a spec can see the portal's /timeout.
  SITE_IDLE_TIMEOUT_MS: String(SITE_IDLE_TIMEOUT_MS),
  SITE_IDLE_CHECK_INTERVAL_MS: '1000',
  OIDC_ISSUER: E2E_OIDC.issuer,
  OIDC_CLIENT_ID: E2E_OIDC.clientId,
  OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
  OIDC_REDIRECT_URI: `${E2E.portalUrl}/portallogin/sso/callback`,
  OIDC_ROLE_MAP: E2E_OIDC.roleMap,
  OIDC_LABEL: E2E_OIDC.label,
};
