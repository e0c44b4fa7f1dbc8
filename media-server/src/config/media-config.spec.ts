import path from 'node:path';
import { ConfigError } from '@store-cloud/node-kit';
import { loadMediaConfig } from './media-config';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadMediaConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadMediaConfig', () => {
  it('applies the defaults', () => {
    const config = loadMediaConfig({});
    expect(config).toEqual({
      port: 3100,
      host: '127.0.0.1',
      https: false,
      dataDir: path.resolve('.data'),
      mediaRoot: path.resolve('.data', 'media'),
      logLevel: 'info',
      backendUrl: undefined,
      mediaServiceKey: undefined,
      auditOutboxFile: path.resolve('.data', 'audit-outbox.jsonl'),
      auditRetryMs: 30_000,
      maxWidth: 1200,
      maxHeight: 937,
      minFreeBytes: 100 * 1024 * 1024,
      metricsToken: undefined,
      metricsPort: undefined,
      metricsReadIntervalMs: 30_000,
    });
  });

  it('reads every variable, treating empty values as unset', () => {
    const config = loadMediaConfig({
      MEDIA_PORT: '4100',
      HOST: '0.0.0.0',
      HTTPS: 'true',
      DATA_DIR: '/srv/store-cloud',
      LOG_LEVEL: 'warn',
      BACKEND_URL: 'http://127.0.0.1:3000',
      MEDIA_SERVICE_KEY: 'a-media-service-key-of-32-characters',
      MEDIA_AUDIT_RETRY_MS: '500',
      MEDIA_MAX_WIDTH: '800',
      MEDIA_MAX_HEIGHT: '600',
      MEDIA_MIN_FREE_BYTES: '5000000',
      METRICS_TOKEN: 'a-metrics-token-of-some-length',
      METRICS_PORT: '9464',
      METRICS_READ_INTERVAL_MS: '1000',
      UNRELATED: 'ignored',
    });
    expect(config).toEqual({
      port: 4100,
      host: '0.0.0.0',
      https: true,
      dataDir: '/srv/store-cloud',
      mediaRoot: '/srv/store-cloud/media',
      logLevel: 'warn',
      backendUrl: 'http://127.0.0.1:3000',
      mediaServiceKey: 'a-media-service-key-of-32-characters',
      auditOutboxFile: '/srv/store-cloud/audit-outbox.jsonl',
      auditRetryMs: 500,
      maxWidth: 800,
      maxHeight: 600,
      minFreeBytes: 5_000_000,
      metricsToken: 'a-metrics-token-of-some-length',
      metricsPort: 9464,
      metricsReadIntervalMs: 1000,
    });
    expect(loadMediaConfig({ MEDIA_PORT: '', LOG_LEVEL: '' }).port).toBe(3100);
  });

  it.each([
    ['MEDIA_PORT', 'abc'],
    ['MEDIA_PORT', '70000'],
    ['MEDIA_PORT', '31.5'],
    ['LOG_LEVEL', 'loud'],
    ['HTTPS', 'yes'],
    ['BACKEND_URL', 'not a url'],
    ['BACKEND_URL', 'ftp://backend:3000'],
    ['MEDIA_MAX_WIDTH', 'wide'],
    ['MEDIA_MAX_HEIGHT', '0'],
    ['MEDIA_SERVICE_KEY', 'too-short'],
    ['MEDIA_AUDIT_RETRY_MS', 'often'],
    ['MEDIA_MIN_FREE_BYTES', '-1'],
  ])('names %s when it is %p', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.variables).toEqual([variable]);
    expect(error.message).toContain(variable);
    expect(error.message).not.toContain(value);
  });

  it('names every bad variable at once', () => {
    const error = configError({ MEDIA_PORT: 'x', LOG_LEVEL: 'y' });
    expect(error.variables.sort()).toEqual(['LOG_LEVEL', 'MEDIA_PORT']);
  });
});
