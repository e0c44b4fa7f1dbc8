import http from 'node:http';
import {
  ACCESS_TOKEN_HEADER,
  API,
  BACKUP_API,
  CACHE_CONTROL,
  COMPANY_API,
  ERROR_CODE,
  errorBodySchema,
  REQUEST_PATH_TEXT,
} from '@store-cloud/contracts';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';

/** A raw request: the path as given (supertest would encode it); of a body only `sent` bytes. */
function send(
  baseUrl: string,
  method: string,
  rawPath: string,
  options: { headers?: Record<string, string>; declared?: number; sent?: number } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method,
      path: rawPath,
      headers: {
        ...options.headers,
        ...(options.declared !== undefined
          ? { 'content-type': 'application/json', 'content-length': options.declared }
          : {}),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = String(Buffer.concat(chunks));
        resolve({ status: res.statusCode!, headers: res.headers, body });
        req.destroy();
      });
    });
    if (options.declared === undefined) return void req.end();
    req.write(`{"pad":"${'x'.repeat(Math.max(0, (options.sent ?? 0) - 8))}`);
  });
}

describe('the backend at its HTTP edges', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('http_edges');
    admin = await t.login(TEST_ADMIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a path that does not decode with 400 JSON, without a stack or a file path', async () => {
    for (const p of [
      '/%c0%ae%c0%ae/x',
      '/%',
      '/%ZZ',
      `${API.storeStatus}%ff?c=1&s=1`,
      '/api/v1/users/%ff',
    ]) {
      const answer = await send(t.baseUrl, 'GET', p, { headers: { [ACCESS_TOKEN_HEADER]: admin } });
      expect([p, answer.status]).toEqual([p, 400]);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body).not.toMatch(/ at |\/work|node_modules|URIError/);
      expect(errorBodySchema.strict().parse(JSON.parse(answer.body))).toEqual({
        requestId: expect.any(String),
        code: ERROR_CODE.validation,
        message: REQUEST_PATH_TEXT.malformed,
      });
    }
  });

  it('refuses a backup body declared over even the backup limit, unread, to an allowed caller', async () => {
    // 300 MB declared, 64 kB sent: an answer proves the rest was never waited for.
    const answer = await send(t.baseUrl, 'POST', BACKUP_API.systemBackup, {
      headers: { [ACCESS_TOKEN_HEADER]: admin },
      declared: 300 * 1024 * 1024,
      sent: 64 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(errorBodySchema.parse(JSON.parse(answer.body)).code).toBe(ERROR_CODE.validation);
  });

  it('lets no cache keep a token or private data; the status list is revalidated privately', async () => {
    const login = await request(t.baseUrl).post(API.login).send(TEST_ADMIN).expect(200);
    expect(login.headers['cache-control']).toBe(CACHE_CONTROL.noStore);
    const refused = await request(t.baseUrl).get(COMPANY_API.allStoresStatus).expect(401);
    expect(refused.headers['cache-control']).toBe(CACHE_CONTROL.noStore);

    const status = () =>
      request(t.baseUrl).get(COMPANY_API.allStoresStatus).set(ACCESS_TOKEN_HEADER, admin);
    const first = await status().expect(200);
    expect(first.headers['cache-control']).toBe(CACHE_CONTROL.privateRevalidate);
    await status()
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
  });
});
