import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_MEDIA_FILE_LIMIT,
  ERROR_CODE,
  errorBodySchema,
  MEDIA_PORTAL_API,
  MEDIA_SERVER_TEXT,
  type MediaCompany,
  mediaListResultSchema,
  MEDIA_API,
  TOKEN_INFO_PATH,
  MEDIA_UPLOAD_FIELD,
} from '@store-cloud/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { createApp } from '../app';
import { BackendMediaLimits, MEDIA_LIMIT_TTL_MS } from '../auth/media-limits';
import {
  type FakeBackend,
  mediaAppOnTempDisk,
  startFakeBackend,
  TEST_MEDIA_ADMIN,
  storedNames,
} from '../../test/test-media-app';
import type { MediaStorage } from '../storage/media-storage';

/**
 * The media file limit at upload (spec media §5): the media server asks the backend's
 * GET /portalconfig/mediacompanies with the caller's token and refuses an upload to a company
 * whose pending, active and expired files reach its limit. A small real HTTP server stands in for
 * the backend (backend/test/media-schedules.int-spec.ts runs the real pair).
 */
const FOLDER = 'AcmeFuels-7';
const company = (mediaFileLimit: number): MediaCompany => ({
  companyId: 7,
  companyName: 'Acme Fuels',
  mediaFolderName: FOLDER,
  tagsList: ['promo'],
  mediaFileLimit,
  tagLimit: 10,
  stores: [],
});

let backend: FakeBackend;
let backendUrl: string;
/** What GET /portalconfig/mediacompanies answers; a number is a failure status. */
let companies: MediaCompany[] | number = [];
const limitCalls: (string | undefined)[] = [];

beforeAll(async () => {
  backend = await startFakeBackend((req, res) => {
    const token = req.headers['x-access-token'];
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (token !== 'admin') return send(401, { code: ERROR_CODE.unauthenticated, message: 'no' });
    if (req.url === TOKEN_INFO_PATH) return send(200, TEST_MEDIA_ADMIN);
    if (req.url === MEDIA_PORTAL_API.mediaCompanies) {
      limitCalls.push(token);
      if (typeof companies === 'number')
        return send(companies, { code: ERROR_CODE.internal, message: 'down' });
      return send(200, companies);
    }
    send(404, { code: ERROR_CODE.notFound, message: 'no' });
  });
  backendUrl = backend.url;
});
afterAll(() => backend.close());

let dataDir: string;
let storage: MediaStorage;
let app: ReturnType<typeof createApp>;
/** The limits' clock: each answer of the backend is kept MEDIA_LIMIT_TTL_MS. */
let clock = 0;
const elapse = (ms: number) => (clock += ms);

beforeEach(async () => {
  const limits = new BackendMediaLimits(backendUrl, { now: () => clock });
  ({ dataDir, app, storage } = await mediaAppOnTempDisk('media-limit-', backendUrl, { limits }));
  companies = [company(3)];
  limitCalls.length = 0;
  await post(MEDIA_API.companies).send({ directoryname: FOLDER }).expect(200);
  await post(MEDIA_API.tag).send({ companyname: FOLDER, tagname: 'promo' }).expect(200);
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

const post = (url: string) => request(app).post(url).set('x-access-token', 'admin');
const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
let PNG: Buffer;
beforeAll(async () => {
  PNG = await png();
});
const upload = (name: string) =>
  post(`${MEDIA_API.mediaImage}?dir=${FOLDER}`).attach(MEDIA_UPLOAD_FIELD, PNG, name);
const pending = async () =>
  mediaListResultSchema
    .parse(
      (
        await request(app)
          .get(`${MEDIA_API.pendingMediaList}?dir=${FOLDER}`)
          .set('x-access-token', 'admin')
          .expect(200)
      ).body,
    )
    .files.map((f) => f.filename);

it('counts pending, active and expired files against the limit and refuses at it', async () => {
  await upload('a.png').expect(200);
  await upload('b.png').expect(200);
  // One file active in the tag, one expired: all three areas count.
  await post(MEDIA_API.mediaFiles)
    .send({ directoryname: FOLDER, tag: 'promo', files: ['a.png'] })
    .expect(200);
  await post(MEDIA_API.moveMediaFiles)
    .send({
      directoryname: FOLDER,
      sourceFolder: 'pending',
      destinationFolder: 'expired',
      filelist: ['b.png'],
    })
    .expect(200);
  await upload('c.png').expect(200);

  const refused = await upload('d.png');
  expect(refused.status).toBe(409);
  expect(errorBodySchema.parse(refused.body)).toMatchObject({
    code: ERROR_CODE.conflict,
    message: MEDIA_SERVER_TEXT.fileLimitReached(FOLDER, 3, 3),
  });
  expect(await pending()).toEqual(['c.png']);
  // The limit is asked with the caller's own token: once for the first three (the answer is
  // kept), and afresh before the refusal.
  expect(limitCalls.length).toBe(2);
  expect(new Set(limitCalls)).toEqual(new Set(['admin']));
});

it('applies a lowered limit once the answer kept for the caller is older than its lifetime', async () => {
  companies = [company(5)];
  await upload('a.png').expect(200);
  companies = [company(1)];
  await upload('b.png').expect(200);
  elapse(MEDIA_LIMIT_TTL_MS);
  const refused = await upload('c.png').expect(409);
  expect(refused.body.message).toBe(MEDIA_SERVER_TEXT.fileLimitReached(FOLDER, 2, 1));
  expect(await pending()).toEqual(['a.png', 'b.png']);
});

it('applies a raised limit to the next upload', async () => {
  companies = [company(1)];
  await upload('a.png').expect(200);
  await upload('b.png').expect(409);
  companies = [company(2)];
  await upload('b.png').expect(200);
  expect(await pending()).toEqual(['a.png', 'b.png']);
});

it('lets parallel uploads fill the limit but never pass it', async () => {
  companies = [company(2)];
  const answers = await Promise.all(
    ['p1.png', 'p2.png', 'p3.png', 'p4.png', 'p5.png'].map((name) => upload(name)),
  );
  expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409, 409]);
  expect(await pending()).toHaveLength(2);
});

it('gives a company the backend does not list the default limit', async () => {
  companies = [];
  for (let i = 0; i < DEFAULT_MEDIA_FILE_LIMIT; i += 1) await upload(`f${i}.png`).expect(200);
  const refused = await upload('over.png');
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(
    MEDIA_SERVER_TEXT.fileLimitReached(FOLDER, DEFAULT_MEDIA_FILE_LIMIT, DEFAULT_MEDIA_FILE_LIMIT),
  );
});

it('refuses the upload when the backend cannot tell the limit', async () => {
  companies = 500;
  const refused = await upload('a.png');
  expect(refused.status).toBe(503);
  expect(refused.body.message).toBe(MEDIA_SERVER_TEXT.fileLimitUnavailable);
  expect(await pending()).toEqual([]);
  // A failure is not kept: the next upload asks again.
  companies = [company(3)];
  await upload('a.png').expect(200);
});

it.each([2, 4])(
  'keeps the count equal to the files on disk after uploads %i at a time',
  async (concurrency) => {
    companies = [company(100)];
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < 12) statuses.push((await upload(`c${next++ % 8}.png`)).status);
      }),
    );
    // Eight names: the first upload of each lands; a repeat (the same bytes) answers the stored
    // file, or 409 while the first of its name is still under way. No repeat adds a file.
    expect(statuses).toHaveLength(12);
    for (const status of statuses) expect([200, 409]).toContain(status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(8);
    expect(await pending()).toHaveLength(8);
    companies = [company(9)];
    elapse(MEDIA_LIMIT_TTL_MS);
    await upload('ninth.png').expect(200);
    const refused = await upload('tenth.png').expect(409);
    expect(refused.body.message).toBe(MEDIA_SERVER_TEXT.fileLimitReached(FOLDER, 9, 9));
  },
);

describe('upload slots under parallel uploads', () => {
  let server: http.Server;
  let port: number;
  beforeEach(async () => {
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A multipart upload over a raw socket; with abort, only half the body is sent, then the socket is cut. */
  function rawUpload(name: string, content: Buffer, abort = false): Promise<number | 'aborted'> {
    const boundary = 'slot-test-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${MEDIA_UPLOAD_FIELD}"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return new Promise((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `${MEDIA_API.mediaImage}?dir=${FOLDER}`,
        headers: {
          'x-access-token': 'admin',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', (error) => (abort ? resolve('aborted') : reject(error)));
      if (!abort) return req.end(body);
      req.write(body.subarray(0, body.length / 2));
      // Long enough for the server to take the half body (and often its slot) before the cut.
      setTimeout(() => req.destroy(), 30);
    });
  }

  const filesOnDisk = () => storedNames(storage, `${FOLDER}/pending`);

  it('leaves the count equal to the files on disk after 30 mixed parallel uploads', async () => {
    companies = [company(12)];
    const big = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#38a',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const kinds = ['cut', 'same', 'script', 'photo', 'photo'] as const;
    const attempts = Array.from({ length: 30 }, (_, i) => {
      const kind = kinds[i % kinds.length];
      if (kind === 'cut') return rawUpload(`cut-${i}.jpg`, big, true);
      if (kind === 'same') return rawUpload('same.png', PNG);
      if (kind === 'script') return rawUpload(`script-${i}.png`, Buffer.from('<html>hi</html>'));
      return rawUpload(`photo-${i}.jpg`, big);
    });
    const outcomes = await Promise.all(attempts);
    const of = (kind: (typeof kinds)[number]) =>
      outcomes.filter((_, i) => kinds[i % kinds.length] === kind).sort();
    expect(of('cut')).toEqual(Array(6).fill('aborted'));
    // Refused by content, or by the limit before their body is read.
    for (const status of of('script')) expect([409, 415]).toContain(status);
    // Same name and bytes: one lands at most; the others answer that file (a retry), or are
    // refused (under way, or the limit).
    for (const status of [...of('same'), ...of('photo')]) expect([200, 409]).toContain(status);
    expect(outcomes).toContain(200);
    expect(outcomes).toContain(409);
    const onDisk = await filesOnDisk();
    const sameLanded = of('same').includes(200);
    expect(onDisk.filter((n) => n === 'same.png').length).toBe(sameLanded ? 1 : 0);
    expect(onDisk.length).toBe(of('photo').filter((o) => o === 200).length + (sameLanded ? 1 : 0));
    expect(onDisk.some((n) => n.startsWith('cut-'))).toBe(false);

    // The server counts exactly the files on disk: one more fits a limit of files + 1 ...
    companies = [company(onDisk.length + 1)];
    elapse(MEDIA_LIMIT_TTL_MS);
    const after = await upload('after.png');
    expect([after.status, after.body.message]).toEqual([200, undefined]);
    // ... and the next is refused with the count on disk, not one slot more.
    const refused = await upload('over.png').expect(409);
    expect(refused.body.message).toBe(
      MEDIA_SERVER_TEXT.fileLimitReached(FOLDER, onDisk.length + 1, onDisk.length + 1),
    );
    // Nothing is left in .tmp once the cut uploads are cleaned up (their decoding may finish late).
    const tmp = path.join(dataDir, 'media', '.tmp');
    for (let tries = 0; (await fs.readdir(tmp)).length && tries < 100; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await fs.readdir(tmp)).toEqual([]);
  });
});
