import path from 'node:path';
import { ConfigError } from '@store-cloud/node-kit';
import { loadSimulatorConfig } from './simulator-config';

const SECRET = 'tentacle-secret-long-enough-0123456789';
const BACKEND = { BACKEND_URL: 'http://127.0.0.1:3000', TENTACLE_SECRET: SECRET };

function configError(env: Record<string, string>, argv: string[] = []): ConfigError {
  try {
    loadSimulatorConfig(env, argv);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadSimulatorConfig', () => {
  it('applies the defaults and simulates the demo fleet', () => {
    expect(loadSimulatorConfig(BACKEND, [])).toEqual({
      port: 3200,
      host: '127.0.0.1',
      portalOrigins: [],
      backendUrl: 'http://127.0.0.1:3000',
      backendNodeUrls: ['http://127.0.0.1:3000'],
      fleetSource: { kind: 'demo' },
      logLevel: 'info',
      tentacleSecret: SECRET,
      tentaclePingIntervalMs: 5000,
      sqlBackupReportIntervalMs: 300_000,
      mediaPollIntervalMs: 60_000,
    });
  });

  it('reads every variable', () => {
    const config = loadSimulatorConfig(
      {
        ...BACKEND,
        SIMULATOR_PORT: '4200',
        HOST: '0.0.0.0',
        PORTAL_ORIGIN: 'http://127.0.0.1:4200, https://portal.example/',
        BACKEND_NODE_URLS: 'http://127.0.0.1:3000, http://127.0.0.1:3001',
        FLEET_FILE: 'fleet.json',
        LOG_LEVEL: 'debug',
        SQL_BACKUP_REPORT_INTERVAL_MS: '2000',
        MEDIA_POLL_INTERVAL_MS: '0',
        PLAYER_REPORT_INTERVAL_MS: '1000',
        PLAYER_PLAY_MS: '50',
        PLAYER_OUTBOX_DIR: 'outbox',
      },
      [],
    );
    expect(config).toEqual({
      port: 4200,
      host: '0.0.0.0',
      portalOrigins: ['http://127.0.0.1:4200', 'https://portal.example'],
      backendUrl: 'http://127.0.0.1:3000',
      backendNodeUrls: ['http://127.0.0.1:3000', 'http://127.0.0.1:3001'],
      fleetSource: { kind: 'file', file: path.resolve('fleet.json') },
      logLevel: 'debug',
      tentacleSecret: SECRET,
      tentaclePingIntervalMs: 5000,
      sqlBackupReportIntervalMs: 2000,
      mediaPollIntervalMs: 0,
      player: { reportIntervalMs: 1000, playMs: 50, outboxDir: path.resolve('outbox') },
    });
  });

  it.each([
    [['--companies', '20', '--stores-per-company', '50']],
    [['--companies=20', '--stores-per-company=50']],
  ])('sizes a synthetic fleet from %p', (argv) => {
    expect(loadSimulatorConfig(BACKEND, argv).fleetSource).toEqual({
      kind: 'synthetic',
      size: { companies: 20, storesPerCompany: 50 },
    });
  });

  it.each([
    [{ TENTACLE_SECRET: SECRET }, 'BACKEND_URL'],
    [{ ...BACKEND, BACKEND_URL: 'backend:3000' }, 'BACKEND_URL'],
    [{ BACKEND_URL: 'http://127.0.0.1:3000' }, 'TENTACLE_SECRET'],
    [{ ...BACKEND, TENTACLE_SECRET: 'short' }, 'TENTACLE_SECRET'],
    [{ ...BACKEND, TENTACLE_PING_INTERVAL_MS: '5' }, 'TENTACLE_PING_INTERVAL_MS'],
    [{ ...BACKEND, PORTAL_ORIGIN: 'portal:4200' }, 'PORTAL_ORIGIN'],
    [{ ...BACKEND, SIMULATOR_PORT: '0' }, 'SIMULATOR_PORT'],
    [{ ...BACKEND, SIMULATOR_PORT: 'http' }, 'SIMULATOR_PORT'],
    [{ ...BACKEND, LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
  ])('names the variable of %p', (env, variable) => {
    const error = configError(env);
    expect(error.variables).toEqual([variable]);
    expect(error.message).toContain(variable);
  });

  it('says a missing BACKEND_URL is required', () => {
    expect(configError({}).message).toContain('BACKEND_URL: is required');
  });

  it.each([
    [['--companies', '3'], ['--stores-per-company']],
    [['--stores-per-company', '3'], ['--companies']],
    [['--companies', 'many', '--stores-per-company', '3'], ['--companies']],
    [['--companies', '1e3', '--stores-per-company', '3'], ['--companies']],
    [['--companies', '3', '--stores-per-company', '0'], ['--stores-per-company']],
    [
      ['--companies', '1000', '--stores-per-company', '1000'],
      ['--companies', '--stores-per-company'],
    ],
  ])('names the flag of %p', (argv, flags) => {
    const error = configError(BACKEND, argv);
    expect(error.variables).toEqual(flags);
    for (const flag of flags) expect(error.message).toContain(flag);
  });

  it('refuses unknown flags', () => {
    expect(configError(BACKEND, ['--stores', '3']).message).toContain('--stores');
  });

  it('refuses a fleet file together with size flags', () => {
    const error = configError({ ...BACKEND, FLEET_FILE: 'fleet.json' }, [
      '--companies',
      '2',
      '--stores-per-company',
      '2',
    ]);
    expect(error.message).toContain('FLEET_FILE');
  });
});
