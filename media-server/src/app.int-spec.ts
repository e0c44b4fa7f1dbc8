import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  DOCS_API,
  DOCS_CSP,
  errorBodySchema,
  ERROR_CODE,
  fromExpressPath,
  type OpenApiDocument,
  HEALTH_REASON,
  healthSchema,
  mediaHealthSchema,
  serviceVersionSchema,
} from '@store-cloud/contracts';
import pino from 'pino';
import request from 'supertest';
import { createApp } from './app';
import { createLogger } from '@store-cloud/node-kit';
import { loadMediaConfig } from './config/media-config';
import { ensureMediaRoot } from './storage/media-root.storage';
import { storageEnv } from '../test/test-media-app';

const packageVersion: string = JSON.parse(
  readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'),
).version;

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** Every method + path the app's routers answer, in OpenAPI's path form (routers are mounted at /). */
function registeredRoutes(stack: RouterLayer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const path = fromExpressPath(layer.route.path);
      return Object.keys(layer.route.methods).map((method) => `${method} ${path}`);
    }
    return layer.handle?.stack ? registeredRoutes(layer.handle.stack) : [];
  });
}

describe('media server app', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-server-'));
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function appWithStorage() {
    const config = loadMediaConfig({ ...storageEnv(), DATA_DIR: dataDir });
    await ensureMediaRoot(config.mediaRoot);
    return { app: createApp(config, createLogger('silent', 'media-server')), config };
  }

  it('GET /version answers the package version', async () => {
    const { app } = await appWithStorage();
    const response = await request(app).get('/version').expect(200);
    expect(serviceVersionSchema.parse(response.body)).toEqual({ version: packageVersion });
  });

  it('GET /health and /health/ready report storage up when the media root is writable, /health/live the process', async () => {
    const { app, config } = await appWithStorage();
    expect(config.mediaRoot).toBe(path.join(dataDir, 'media'));
    for (const path of ['/health', '/health/ready']) {
      const response = await request(app).get(path).expect(200);
      expect(healthSchema.parse(response.body)).toMatchObject({
        status: 'ok',
        checks: { storage: 'up', disk: 'up' },
      });
    }
    const live = await request(app).get('/health/live').expect(200);
    expect(healthSchema.parse(live.body)).toEqual({ status: 'ok', checks: {} });
  });

  it('GET /health turns 503 with the free space when the media disk has less than MEDIA_MIN_FREE_BYTES', async () => {
    const probe = await appWithStorage();
    const free = mediaHealthSchema.parse((await request(probe.app).get('/health').expect(200)).body)
      .disk!.freeBytes;
    expect(free).toBeGreaterThan(0);
    // A threshold a petabyte above what this disk has free: the disk check fails.
    const minFreeBytes = free + 2 ** 50;
    const config = loadMediaConfig({
      ...storageEnv(),
      DATA_DIR: dataDir,
      MEDIA_MIN_FREE_BYTES: String(minFreeBytes),
    });
    const app = createApp(config, createLogger('silent', 'media-server'));
    const health = mediaHealthSchema.parse((await request(app).get('/health').expect(503)).body);
    expect(health).toMatchObject({
      status: 'error',
      checks: { storage: 'up', disk: 'down' },
      disk: { minFreeBytes },
    });
    expect(health.disk!.freeBytes).toBeGreaterThan(0);
    expect(health.disk!.freeBytes).toBeLessThan(minFreeBytes);
  });

  it('GET /health reports storage down with 503 when the media root is missing', async () => {
    const config = loadMediaConfig({ ...storageEnv(), DATA_DIR: dataDir });
    const app = createApp(config, createLogger('silent', 'media-server'));
    const response = await request(app).get('/health').expect(503);
    // No root: neither writable nor a free-space figure.
    expect(healthSchema.parse(response.body)).toEqual({
      status: 'error',
      checks: { storage: 'down', disk: 'down' },
      reasons: [HEALTH_REASON.storage, HEALTH_REASON.disk],
    });
  });

  it('GET /health reports storage down when the media root is not a folder', async () => {
    const config = loadMediaConfig({ ...storageEnv(), DATA_DIR: dataDir });
    await fs.writeFile(config.mediaRoot, 'not a folder');
    const app = createApp(config, createLogger('silent', 'media-server'));
    const response = await request(app).get('/health').expect(503);
    expect(response.body).toMatchObject({ status: 'error', checks: { storage: 'down' } });
  });

  it('sends the security headers of an API', async () => {
    const { app } = await appWithStorage();
    const response = await request(app).get('/version').expect(200);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // Plain http unless HTTPS=true says a TLS proxy is in front.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const https = loadMediaConfig({ ...storageEnv(), DATA_DIR: dataDir, HTTPS: 'true' });
    const behindTls = createApp(https, createLogger('silent', 'media-server'));
    const secure = await request(behindTls).get('/version').expect(200);
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('never logs a token from the query', async () => {
    const config = loadMediaConfig({ ...storageEnv(), DATA_DIR: dataDir });
    await ensureMediaRoot(config.mediaRoot);
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNlY3JldA';
    await request(createApp(config, logger)).get(`/version?token=${jwt}&x=1`).expect(200);
    const line = lines.find((l) => l.includes('/version?'));
    expect(line).toContain('token=[redacted]&x=1');
    expect(lines.join('')).not.toContain(jwt.split('.')[2]);
  });

  it('documents every route of its routers, and no other, in its OpenAPI document', async () => {
    const { app } = await appWithStorage();
    const res = await request(app).get(DOCS_API.document).expect(200);
    const document = res.body as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(packageVersion);
    const registered = registeredRoutes(
      (app as unknown as { router: { stack: RouterLayer[] } }).router.stack,
    );
    // The walk works: an upload and a file route are there.
    expect(registered).toContain('post /mediaimage');
    expect(registered).toContain('get /companies/{folder}/tags/{tag}/{file}');
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('serves the documentation page and its files without a token', async () => {
    const { app } = await appWithStorage();
    const page = await request(app).get(DOCS_API.page).expect(200);
    expect(page.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(page.text).toContain('src="docs/swagger-ui-bundle.js"');
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'docs-init.js'])
      await request(app).get(`/api/docs/${asset}`).expect(200);
    const missing = await request(app).get('/api/docs/package.json').expect(404);
    expect(errorBodySchema.parse(missing.body).code).toBe(ERROR_CODE.notFound);
  });

  it('answers an unknown path with a 404 error body', async () => {
    const { app } = await appWithStorage();
    const response = await request(app).get('/no/such/thing').expect(404);
    const body = errorBodySchema.parse(response.body);
    expect(body.code).toBe(ERROR_CODE.notFound);
    expect(body.message).toContain('/no/such/thing');
  });
});
