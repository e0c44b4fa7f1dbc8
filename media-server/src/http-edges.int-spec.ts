import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CACHE_CONTROL,
  ERROR_CODE,
  errorBodySchema,
  MEDIA_API,
  MEDIA_PORTAL_API,
  MEDIA_UPLOAD_FIELD,
  REQUEST_PATH_TEXT,
  TOKEN_INFO_PATH,
} from '@store-cloud/contracts';
import sharp from 'sharp';
import request from 'supertest';
import {
  type FakeBackend,
  mediaAppOnTempDisk,
  startFakeBackend,
  TEST_MEDIA_ADMIN,
} from '../test/test-media-app';

/**
 * The media server's HTTP edges: paths that do not decode, bodies declared too large, and what
 * caches may keep. The backend is a small real HTTP server that knows one admin token.
 */
const FOLDER = 'AcmeFuels-7';
let backend: FakeBackend;
let tokenChecks = 0;
let dataDir: string;
let server: http.Server;
let base: string;
const admin = (req: request.Test) => req.set('x-access-token', 'admin');

beforeAll(async () => {
  backend = await startFakeBackend((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-access-token'] !== 'admin') {
      return send(401, { code: ERROR_CODE.unauthenticated, message: 'no' });
    }
    if (req.url === TOKEN_INFO_PATH) {
      tokenChecks += 1;
      return send(200, TEST_MEDIA_ADMIN);
    }
    if (req.url === MEDIA_PORTAL_API.mediaCompanies) return send(200, []);
    send(404, { code: ERROR_CODE.notFound, message: 'no' });
  });
  const made = await mediaAppOnTempDisk('media-edges-', backend.url);
  dataDir = made.dataDir;
  server = http.createServer(made.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await admin(request(base).post(MEDIA_API.companies).send({ directoryname: FOLDER })).expect(200);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await backend.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A raw request: the path exactly as given; of a declared body only `sent` bytes are sent. */
function send(
  method: string,
  rawPath: string,
  body?: { declared: number; sent: number; type: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${rawPath}`, {
      method,
      headers: {
        'x-access-token': 'admin',
        ...(body ? { 'content-length': body.declared, 'content-type': body.type } : {}),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: String(Buffer.concat(chunks)),
        });
        req.destroy();
      });
    });
    if (body) req.write(Buffer.alloc(body.sent, 0x20));
    else req.end();
  });
}

it('answers a path that does not decode with 400 JSON, without a stack or a file path', async () => {
  for (const p of [
    '/%c0%ae%c0%ae/x',
    '/%',
    '/%ZZ',
    `${MEDIA_API.companies}/${FOLDER}/pending/%ff`,
  ]) {
    const answer = await send('GET', p);
    expect([p, answer.status]).toEqual([p, 400]);
    expect(answer.body).not.toMatch(/ at |\/work|node_modules|URIError/);
    expect(errorBodySchema.strict().parse(JSON.parse(answer.body))).toEqual({
      requestId: expect.any(String),
      code: ERROR_CODE.validation,
      message: REQUEST_PATH_TEXT.malformed,
    });
  }
});

it('refuses an upload declared larger than its limit with 413 before reading its body', async () => {
  tokenChecks = 0;
  // 25 MB declared to a folder that exists, 1 kB sent: only a server that does not wait for the
  // body can answer.
  const declared = 25 * 1024 * 1024;
  const boundary = 'multipart/form-data; boundary=x';
  const upload = await send('POST', `${MEDIA_API.mediaImage}?dir=${FOLDER}`, {
    declared,
    sent: 1024,
    type: boundary,
  });
  expect(upload.status).toBe(413);
  expect(upload.headers.connection).toBe('close');
  expect(errorBodySchema.parse(JSON.parse(upload.body)).code).toBe(ERROR_CODE.validation);
  // Refused before the token was even checked.
  expect(tokenChecks).toBe(0);
  const json = await send('POST', MEDIA_API.tag, {
    declared: 1024 * 1024,
    sent: 16,
    type: 'application/json',
  });
  expect(json.status).toBe(413);
});

it('lets the browser alone keep a media file; lists are kept by no cache', async () => {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  await admin(
    request(base)
      .post(`${MEDIA_API.mediaImage}?dir=${FOLDER}`)
      .attach(MEDIA_UPLOAD_FIELD, jpeg, 'a.jpg'),
  ).expect(200);
  const file = await admin(request(base).get(`${MEDIA_API.companies}/${FOLDER}/pending/a.jpg`));
  expect(file.status).toBe(200);
  expect(file.headers['cache-control']).toBe(CACHE_CONTROL.privateMedia);
  const list = await admin(request(base).get(`${MEDIA_API.pendingMediaList}?dir=${FOLDER}`));
  expect(list.status).toBe(200);
  expect(list.headers['cache-control']).toBe(CACHE_CONTROL.noStore);
});
