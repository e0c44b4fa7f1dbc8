import { PRODUCT_NAME } from '@store-cloud/contracts';
import { ConfigError } from '@store-cloud/node-kit';
import { loadBackendConfig, loadConfigOrExit } from './env.schema';

const SECRET = 'x'.repeat(32);
const VALID = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017/storecloud',
  JWT_SECRET: SECRET,
  TENTACLE_SECRET: SECRET,
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadBackendConfig(env);
  } catch (error) {
    // The message: a heading, then one `  VARIABLE: problem` line each.
    if (error instanceof ConfigError)
      return error.message
        .split('\n')
        .slice(1)
        .map((l) => l.trim());
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadBackendConfig', () => {
  it('fills the defaults of .env.example', () => {
    expect(loadBackendConfig(VALID)).toEqual({
      port: 3000,
      host: '127.0.0.1',
      https: false,
      trustedProxies: ['loopback'],
      role: 'all',
      mongoUri: VALID.MONGODB_URI,
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'storecloud',
      jwtSecret: SECRET,
      jwtExpiresIn: '8h',
      logLevel: 'info',
      notifications: {
        smtpUrl: undefined,
        from: 'store-cloud <alerts@storecloud.local>',
        portalUrl: 'http://localhost:4200',
        webhookAllowPrivate: false,
        intervalMs: 2_000,
        leaseMs: 60_000,
        retryBaseMs: 30_000,
      },
      adminUsername: 'admin@storecloud.local',
      adminPassword: undefined,
      adminPasswordFile: undefined,
      seedDemo: true,
      siteCredentialsKey: undefined,
      companyDefaultUsername: undefined,
      companyDefaultPassword: undefined,
      backupServerKey: undefined,
      backupAllowLinkLocal: false,
      tentacleSecret: SECRET,
      tentacleCheckIntervalMs: 5000,
      tentacleMaxMissedPings: 3,
      companyWhitelist: [],
      mediaServerUrl: 'http://127.0.0.1:3100',
      mediaServiceKey: undefined,
      siteIdleTimeoutMs: 900_000,
      siteIdleCheckIntervalMs: 5_000,
      siteAbandonMs: 45_000,
      siteTokenExpiresIn: '1h',
      sqlBackupReportIntervalMs: 300_000,
      sqlBackupStaleHours: 26,
      relayTimeoutMs: 10_000,
      restoreLockTtlMs: 30_000,
      restorePauseAt: undefined,
      scheduleReconcileIntervalMs: 60_000,
      outboxSweepIntervalMs: 15_000,
      metricsToken: undefined,
      metricsPort: undefined,
      metricsReadIntervalMs: 30_000,
      webauthnOrigins: ['http://localhost:4200'],
      webauthnRpId: 'localhost',
      alerts: {
        sweepIntervalMs: 5_000,
        offlineSettleMs: 12_000,
        recordsIntervalMs: 60_000,
        dailyAt: '07:00',
      },
      mfaRequiredRoles: [],
      // Single sign-on is off until OIDC_ISSUER is set.
      oidc: undefined,
    });
  });

  it("reads the passkeys' origins and relying party id, and refuses one that does not cover them", () => {
    const config = loadBackendConfig({
      ...VALID,
      WEBAUTHN_ORIGIN: 'https://portal.example.com, https://cloud.example.com:8443',
      WEBAUTHN_RP_ID: 'example.com',
    });
    expect(config.webauthnOrigins).toEqual([
      'https://portal.example.com',
      'https://cloud.example.com:8443',
    ]);
    expect(config.webauthnRpId).toBe('example.com');
    expect(
      loadBackendConfig({ ...VALID, WEBAUTHN_ORIGIN: 'https://portal.example.com' }).webauthnRpId,
    ).toBe('portal.example.com');
    expect(problemsOf({ ...VALID, WEBAUTHN_ORIGIN: 'https://portal.example.com/login' })).toEqual([
      'WEBAUTHN_ORIGIN: must be http(s) origins (scheme, host and port, no path) separated by commas',
    ]);
    expect(
      problemsOf({
        ...VALID,
        WEBAUTHN_ORIGIN: 'https://portal.example.com',
        WEBAUTHN_RP_ID: 'other.com',
      }),
    ).toEqual([
      'WEBAUTHN_RP_ID: must be the host of every WEBAUTHN_ORIGIN or a domain they belong to',
    ]);
  });

  it('reads the alert channels: SMTP_URL must be smtp(s)://, PORTAL_URL loses its trailing slash', () => {
    const config = loadBackendConfig({
      ...VALID,
      SMTP_URL: 'smtps://alerts:pass@mail.example.com:465',
      ALERT_FROM: `${PRODUCT_NAME} <alerts@example.com>`,
      PORTAL_URL: 'https://portal.example.com/',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    }).notifications;
    expect(config).toMatchObject({
      smtpUrl: 'smtps://alerts:pass@mail.example.com:465',
      from: `${PRODUCT_NAME} <alerts@example.com>`,
      portalUrl: 'https://portal.example.com',
      webhookAllowPrivate: true,
    });
    expect(problemsOf({ ...VALID, SMTP_URL: 'http://mail.example.com' })).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)',
    ]);
  });

  it('treats empty values as unset, as .env files write them', () => {
    const config = loadBackendConfig({
      ...VALID,
      ADMIN_PASSWORD: '',
      BACKEND_PORT: '',
      COMPANY_DEFAULT_USERNAME: '101',
    });
    expect(config.adminPassword).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.companyDefaultUsername).toBe('101');
  });

  it('reads numbers, durations and lower-cases the admin name', () => {
    const config = loadBackendConfig({
      ...VALID,
      BACKEND_PORT: '4000',
      JWT_EXPIRES_IN: '3600',
      ADMIN_USERNAME: 'Root@Example.COM',
    });
    expect(config.port).toBe(4000);
    expect(config.jwtExpiresIn).toBe(3600);
    expect(config.adminUsername).toBe('root@example.com');
  });

  it('reads the trusted proxies as a list of addresses and ranges, and refuses a name', () => {
    expect(
      loadBackendConfig({ ...VALID, TRUSTED_PROXIES: ' 10.0.0.5, 172.29.23.0/24,loopback ' })
        .trustedProxies,
    ).toEqual(['10.0.0.5', '172.29.23.0/24', 'loopback']);
    expect(loadBackendConfig({ ...VALID, TRUSTED_PROXIES: '' }).trustedProxies).toEqual([
      'loopback',
    ]);
    expect(problemsOf({ ...VALID, TRUSTED_PROXIES: 'nginx, 10.0.0.0/33' })).toEqual([
      'TRUSTED_PROXIES: must be IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal) separated by commas',
    ]);
  });

  it('reads what a process runs (BACKEND_ROLE) and refuses anything else', () => {
    expect(loadBackendConfig({ ...VALID, BACKEND_ROLE: 'api' }).role).toBe('api');
    expect(loadBackendConfig({ ...VALID, BACKEND_ROLE: 'worker' }).role).toBe('worker');
    expect(problemsOf({ ...VALID, BACKEND_ROLE: 'jobs' })).toEqual([
      'BACKEND_ROLE: must be all, api or worker',
    ]);
  });

  it('names every missing required variable in one error', () => {
    expect(problemsOf({})).toEqual([
      'MONGODB_URI: is required',
      'JWT_SECRET: is required',
      'TENTACLE_SECRET: is required',
    ]);
  });

  it('names each bad variable, and never repeats a value', () => {
    const problems = problemsOf({
      MONGODB_URI: 'postgres://nope',
      JWT_SECRET: 'short-secret-value',
      BACKEND_PORT: 'eighty',
      LOG_LEVEL: 'loud',
      JWT_EXPIRES_IN: 'soon',
      REDIS_URL: 'http://127.0.0.1',
      ADMIN_USERNAME: 'not-an-email',
    });
    const names = problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(
      [
        'ADMIN_USERNAME',
        'BACKEND_PORT',
        'JWT_EXPIRES_IN',
        'JWT_SECRET',
        'LOG_LEVEL',
        'MONGODB_URI',
        'REDIS_URL',
        'TENTACLE_SECRET',
      ].sort(),
    );
    expect(problems.find((p) => p.startsWith('JWT_SECRET'))).toContain('32');
    expect(problems).toContain('BACKEND_PORT: must be a port number from 0 to 65535');
    expect(problems.join('\n')).not.toContain('short-secret-value');
  });
});

describe('loadConfigOrExit', () => {
  it('prints one combined message and exits 1', () => {
    const written: string[] = [];
    const write = jest.spyOn(console, 'error').mockImplementation((text: unknown) => {
      written.push(String(text));
    });
    const exit = jest.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      throw new Error(`exit ${code}`);
    }) as typeof process.exit);
    try {
      expect(() => loadConfigOrExit({ JWT_SECRET: 'short' })).toThrow('exit 1');
      expect(written.join('')).toMatch(
        /MONGODB_URI: is required[\s\S]*JWT_SECRET: must be at least 32 characters/,
      );
    } finally {
      write.mockRestore();
      exit.mockRestore();
    }
  });
});
