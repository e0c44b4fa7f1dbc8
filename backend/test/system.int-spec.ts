import {
  API,
  ERROR_CODE,
  errorBodySchema,
  HEALTH_REASON,
  healthSchema,
  databaseText,
  versionInfoSchema,
} from '@store-cloud/contracts';
import request from 'supertest';
import { freePort } from '../../e2e/stack/ports';
import backendPackage from '../package.json';
import { createTestApp, type TestApp } from './create-app';

const SEMVER = /^\d+\.\d+\.\d+/;

describe('system endpoints', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('system');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /version names the backend, node, express and database versions without a token', async () => {
    const res = await request(t.baseUrl).get(API.version).expect(200);
    const info = versionInfoSchema.parse(res.body);
    expect(info.version).toBe(backendPackage.version);
    expect(info.node).toBe(process.version);
    expect(info.express).toMatch(SEMVER);
    expect(info.mongo).toMatch(SEMVER);
    // The tests run on FerretDB: About names it, not the MongoDB version it speaks (issue 30).
    expect(info.database?.name).toBe('FerretDB');
    expect(databaseText(info)).toMatch(/^FerretDB.* \(MongoDB \d+\.\d+\.\d+ compatible\)$/);
  });

  it('GET /health reports both dependencies up', async () => {
    const res = await request(t.baseUrl).get(API.health).expect(200);
    expect(healthSchema.parse(res.body)).toEqual({
      status: 'ok',
      checks: { mongo: 'up', redis: 'up' },
    });
  });

  it('answers an unknown path with a 404 error body', async () => {
    const res = await request(t.baseUrl).get('/portalconfig/nothing-here').expect(404);
    expect(errorBodySchema.parse(res.body)).toEqual({
      requestId: expect.any(String),
      code: ERROR_CODE.notFound,
      message: 'Not found',
    });
  });

  it('does not advertise the framework', async () => {
    const res = await request(t.baseUrl).get(API.version);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends the security headers of an API, without HSTS over plain http', async () => {
    for (const path of [API.version, '/portalconfig/nothing-here']) {
      const res = await request(t.baseUrl).get(path);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  describe('with Redis unreachable', () => {
    let down: TestApp;

    beforeAll(async () => {
      const port = await freePort();
      down = await createTestApp('system_noredis', {
        config: { redisUrl: `redis://127.0.0.1:${port}` },
        seed: false,
      });
    });
    afterAll(async () => {
      await down?.close();
    });

    it('GET /health answers 503 and names Redis as down', async () => {
      const res = await request(down.baseUrl).get(API.health).expect(503);
      expect(healthSchema.parse(res.body)).toEqual({
        status: 'error',
        checks: { mongo: 'up', redis: 'down' },
        reasons: [HEALTH_REASON.redis],
      });
    });
  });
});
