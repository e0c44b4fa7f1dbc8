import fs from 'node:fs/promises';
import path from 'node:path';
import {
  APP,
  ERROR_CODE,
  errorBodySchema,
  MEDIA_PORTAL_API,
  MEDIA_SERVER_TEXT,
  mediaListResultSchema,
  mediaResultSchema,
  mediaUploadResultSchema,
  type TokenInfo,
  MEDIA_API,
  TOKEN_INFO_PATH,
  MEDIA_UPLOAD_FIELD,
} from '@store-cloud/contracts';
import { createLogger } from '@store-cloud/node-kit';
import sharp from 'sharp';
import request from 'supertest';
import { createApp } from '../app';
import { BackendTokenVerifier } from '../auth/token-verifier';
import { loadMediaConfig } from '../config/media-config';
import {
  type FakeBackend,
  mediaAppOnTempDisk,
  mp4Box,
  mp4File,
  startFakeBackend,
  storageEnv,
  storedBytes,
  storedNames,
} from '../../test/test-media-app';
import type { MediaStorage } from '../storage/media-storage';

/**
 * The media server over HTTP on a real disk. The backend's GET /portal/tokeninfo is outside the
 * media server, so a small real HTTP server stands in for it here (backend/test/media-server
 * runs the media server against the real backend).
 */
const principal = (over: Partial<TokenInfo> = {}): TokenInfo => ({
  id: 'u1',
  name: 'someone',
  usertype: 'BASIC',
  enabled: true,
  applications: [APP.centralMediaServer],
  access: { all: false, companyIds: [7] },
  ...over,
});
const TOKENS: Record<string, TokenInfo> = {
  admin: principal({ name: 'admin', usertype: 'ADMIN', access: { all: true, companyIds: [] } }),
  basic: principal(),
  otherCompany: principal({ access: { all: false, companyIds: [8] } }),
  noApp: principal({ applications: [] }),
};
const FOLDER = 'AcmeFuels-7';

let backend: FakeBackend;
let backendUrl: string;
let tokenInfoCalls = 0;

beforeAll(async () => {
  backend = await startFakeBackend((req, res) => {
    const known = TOKENS[String(req.headers['x-access-token'])];
    // The limits of connected companies: none here, so uploads meet the default limit.
    if (req.url === MEDIA_PORTAL_API.mediaCompanies && known) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('[]');
    }
    tokenInfoCalls += 1;
    const info = req.url === TOKEN_INFO_PATH && known;
    res.writeHead(info ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(info || { code: ERROR_CODE.unauthenticated, message: 'no' }));
  });
  backendUrl = backend.url;
});
afterAll(() => backend.close());

let dataDir: string;
let mediaRoot: string;
let storage: MediaStorage;
let app: ReturnType<typeof createApp>;

beforeEach(async () => {
  ({ dataDir, mediaRoot, app, storage } = await mediaAppOnTempDisk('media-int-', backendUrl));
});

/** What the app stored below the company folder (on disk or in the bucket). */
const key = (...segments: string[]) => [FOLDER, ...segments].join('/');
const stored = (...segments: string[]) => storedBytes(storage, key(...segments));
const isFolder = (...segments: string[]) => storage.folderExists(key(...segments));
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

const as = (token: string) => ({
  get: (url: string) => request(app).get(url).set('x-access-token', token),
  post: (url: string) => request(app).post(url).set('x-access-token', token),
  delete: (url: string) => request(app).delete(url).set('x-access-token', token),
});

async function createCompany(folder = FOLDER) {
  await as('admin').post(MEDIA_API.companies).send({ directoryname: folder }).expect(200);
  await as('admin').post(MEDIA_API.tag).send({ companyname: folder, tagname: 'promo' }).expect(200);
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#a37' } })
    .png()
    .toBuffer();
const mp4 = mp4File;

const upload = (buffer: Buffer, name: string, token = 'basic', query = `?dir=${FOLDER}`) =>
  as(token).post(`${MEDIA_API.mediaImage}${query}`).attach(MEDIA_UPLOAD_FIELD, buffer, name);

/** A multipart body built by hand: form-data (behind .attach) would cut a name to its basename. */
function rawUpload(buffer: Buffer, name: string) {
  const boundary = 'media-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    buffer,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return as('basic')
    .post(`${MEDIA_API.mediaImage}?dir=${FOLDER}`)
    .set('content-type', `multipart/form-data; boundary=${boundary}`)
    .send(body);
}

const pendingNames = () => storedNames(storage, key('pending'));

/** Every path under dataDir; the media root's own .tmp must end up empty. */
async function walk(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

describe('media server: tokens and access', () => {
  it('refuses calls without a token, with an unknown one, without the app or the company', async () => {
    await createCompany();
    const url = `${MEDIA_API.pendingMediaList}?dir=${FOLDER}`;
    expect(errorBodySchema.parse((await request(app).get(url).expect(401)).body).code).toBe(
      ERROR_CODE.unauthenticated,
    );
    await as('forged').get(url).expect(401);
    await as('noApp').get(url).expect(403);
    const other = await as('otherCompany').get(url).expect(403);
    expect(other.body.message).toBe(`No access to the media folder ${FOLDER}`);
    await as('basic').get(url).expect(200);
    await as('basic').get(`${MEDIA_API.pendingMediaList}?dir=AcmeFuels`).expect(400);
  });

  it('lets only ADMIN and SUPER-ADMIN create and remove company and tag folders', async () => {
    await as('basic').post(MEDIA_API.companies).send({ directoryname: FOLDER }).expect(403);
    await createCompany();
    for (const sub of ['pending', 'tags/promo', 'expired']) expect(await isFolder(sub)).toBe(true);
    await as('basic').post(MEDIA_API.tag).send({ companyname: FOLDER, tagname: 'x' }).expect(403);
    await as('admin')
      .post(MEDIA_API.createDirectory)
      .send({ directoryname: `${FOLDER}/tags/summer` });
    expect(await isFolder('tags', 'summer')).toBe(true);
    await as('basic').delete(`${MEDIA_API.tag}?company=${FOLDER}&tag=summer`).expect(403);
    await as('admin').delete(`${MEDIA_API.tag}?company=${FOLDER}&tag=summer`).expect(200);
    await as('admin').delete(`${MEDIA_API.tag}?company=${FOLDER}&tag=summer`).expect(404);
    expect(await isFolder('tags', 'summer')).toBe(false);
  });

  it('says whether a create made the folder, and removes only an empty company folder', async () => {
    const create = () =>
      as('admin').post(MEDIA_API.companies).send({ directoryname: FOLDER }).expect(200);
    const tag = () =>
      as('admin').post(MEDIA_API.tag).send({ companyname: FOLDER, tagname: 'promo' }).expect(200);
    expect((await create()).body).toEqual({ success: true, created: true });
    expect((await create()).body).toEqual({ success: true, created: false });
    expect((await tag()).body).toEqual({ success: true, created: true });
    expect((await tag()).body).toEqual({ success: true, created: false });

    const remove = (token: string) =>
      as(token).delete(`${MEDIA_API.companies}?company=${encodeURIComponent(FOLDER)}`);
    await remove('basic').expect(403);
    await upload(await png(4, 4), 'kept.png').expect(200);
    const refused = await remove('admin').expect(409);
    expect(refused.body.message).toBe(MEDIA_SERVER_TEXT.folderNotEmpty(FOLDER));
    expect(await pendingNames()).toEqual(['kept.png']);

    await as('basic')
      .post(MEDIA_API.deleteFiles)
      .send({ directoryname: `${FOLDER}/pending`, filelist: ['kept.png'] })
      .expect(200);
    expect((await remove('admin').expect(200)).body).toEqual({ success: true });
    expect(await storage.folderExists(FOLDER)).toBe(false);
    await remove('admin').expect(404);
  });

  it('asks the backend once per token while its answer is fresh', async () => {
    const verifier = new BackendTokenVerifier(backendUrl, { ttlMs: 60_000 });
    const before = tokenInfoCalls;
    await Promise.all([verifier.verify('basic'), verifier.verify('basic')]);
    expect(await verifier.verify('basic')).toEqual(TOKENS.basic);
    expect(tokenInfoCalls - before).toBe(1);
    expect(await verifier.verify('forged')).toBeUndefined();
    expect(await verifier.verify('forged')).toBeUndefined();
    expect(tokenInfoCalls - before).toBe(3);
  });

  it('answers 503 when the backend cannot be asked', async () => {
    const config = loadMediaConfig({
      DATA_DIR: dataDir,
      BACKEND_URL: 'http://127.0.0.1:9',
      ...storageEnv(),
    });
    const offline = createApp(config, createLogger('silent', 'media-server'));
    const response = await request(offline)
      .get(`${MEDIA_API.pendingMediaList}?dir=${FOLDER}`)
      .set('x-access-token', 'basic')
      .expect(503);
    expect(response.body.code).toBe(ERROR_CODE.unavailable);
  });
});

describe('media server: uploads', () => {
  beforeEach(() => createCompany());

  it('fits a large JPEG within 1200 x 937 and writes a preview', async () => {
    const response = await upload(await jpeg(4000, 3000), 'Big Photo.JPG').expect(200);
    const result = mediaUploadResultSchema.parse(response.body);
    expect(result).toMatchObject({
      success: true,
      filename: 'Big Photo.JPG',
      width: 1200,
      height: 900,
    });
    const meta = await sharp(await stored('pending', 'Big Photo.JPG')).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });

    await upload(await png(1000, 3000), 'tall.png').expect(200);
    const tall = await sharp(await stored('pending', 'tall.png')).metadata();
    expect(tall.height).toBe(937);
    expect(tall.width).toBeLessThanOrEqual(1200);

    const list = mediaListResultSchema.parse(
      (await as('basic').get(`${MEDIA_API.pendingMediaList}?dir=${FOLDER}`).expect(200)).body,
    );
    expect(list.success).toBe(true);
    expect(list.files.map((f) => [f.filename, f.thumbnail, f.directory])).toEqual([
      ['Big Photo.JPG', true, `${FOLDER}/pending`],
      ['tall.png', true, `${FOLDER}/pending`],
    ]);
    const thumb = await as('basic')
      .get(
        `${MEDIA_API.companies}/${FOLDER}/pending/${encodeURIComponent('Big Photo.JPG')}?thumbnail=true`,
      )
      .buffer(true)
      .expect(200);
    expect((await sharp(thumb.body as Buffer).metadata()).width).toBe(240);
    expect(await walk(path.join(mediaRoot, '.tmp'))).toEqual([]);
  });

  it('never enlarges, honours a smaller ?width=, and never goes beyond the server limit', async () => {
    await upload(await jpeg(300, 200), 'small.jpg').expect(200);
    expect((await sharp(await stored('pending', 'small.jpg')).metadata()).width).toBe(300);
    const narrow = await upload(
      await jpeg(2000, 1000),
      'narrow.jpg',
      'basic',
      `?dir=${FOLDER}&width=500`,
    );
    expect(narrow.body).toMatchObject({ width: 500, height: 250 });
    const huge = await upload(
      await jpeg(3000, 1000),
      'huge.jpg',
      'basic',
      `?dir=${FOLDER}&width=5000`,
    );
    expect(huge.body).toMatchObject({ width: 1200, height: 400 });
  });

  it('uploads into the folder chosen by /setstoretype', async () => {
    await upload(await jpeg(10, 10), 'a.jpg', 'basic', '').expect(400);
    await as('basic').post(MEDIA_API.setStoreType).send({ storetype: FOLDER }).expect(200);
    await as('otherCompany').post(MEDIA_API.setStoreType).send({ storetype: FOLDER }).expect(403);
    await upload(await jpeg(10, 10), 'a.jpg', 'basic', '').expect(200);
    expect(await pendingNames()).toEqual(['a.jpg']);
  });

  it('refuses a PNG renamed .mp4 and a script renamed .jpg, by content', async () => {
    const disguised = await upload(await png(20, 20), 'clip.mp4').expect(415);
    expect(disguised.body.message).toContain('Failed to import file: clip.mp4');
    const script = await upload(Buffer.from('#!/bin/sh\necho pwned\n'), 'photo.jpg').expect(415);
    expect(script.body.message).toContain('Failed to import file: photo.jpg');
    const gif = await upload(Buffer.from('GIF89a'), 'anim.gif').expect(400);
    expect(gif.body.message).toBe('Failed to import file: anim.gif, invalid file extension');
    const noExt = await upload(Buffer.from('x'), 'README').expect(400);
    expect(noExt.body.message).toBe('Failed to import file: README, invalid file name');
    expect(await pendingNames()).toEqual([]);
    expect(await walk(path.join(mediaRoot, '.tmp'))).toEqual([]);
  });

  it('takes 20,000,000 bytes and refuses 20,000,001 with the spec text, leaving nothing behind', async () => {
    await upload(mp4(20_000_000), 'exact.mp4').expect(200);
    const tooBig = await upload(mp4(20_000_001), 'toobig.mp4').expect(413);
    expect(tooBig.body.message).toBe(
      'Failed to upload file: toobig.mp4 as it exceeds the maximum file size of 20Mb',
    );
    expect(await pendingNames()).toEqual(['exact.mp4']);
    expect((await storage.stat(key('pending', 'exact.mp4')))?.size).toBe(20_000_000);
    expect(await walk(path.join(mediaRoot, '.tmp'))).toEqual([]);
  });
});

describe('media server: no path leaves the company folder', () => {
  it('refuses every traversal attempt with a clear 400 and writes nothing outside the root', async () => {
    await createCompany();
    const outside = path.join(dataDir, 'outside.txt');
    await fs.writeFile(outside, 'keep');
    const before = await walk(dataDir);

    const refusals = [
      rawUpload(await jpeg(10, 10), '../../../escape.jpg'),
      rawUpload(await jpeg(10, 10), '..\\escape.jpg'),
      rawUpload(await jpeg(10, 10), '/tmp/escape.jpg'),
      rawUpload(await jpeg(10, 10), 'sub/escape.jpg'),
      upload(await jpeg(10, 10), 'a.jpg', 'admin', `?dir=${encodeURIComponent('../x-7')}`),
      as('admin').post(MEDIA_API.companies).send({ directoryname: '../Evil-7' }),
      as('admin').post(MEDIA_API.companies).send({ directoryname: '/etc/Evil-7' }),
      as('admin').post(MEDIA_API.companies).send({ directoryname: 'Evil\0-7' }),
      as('admin')
        .post(MEDIA_API.createDirectory)
        .send({ directoryname: `${FOLDER}/tags/../../x` }),
      as('admin').post(MEDIA_API.tag).send({ companyname: FOLDER, tagname: '../../up' }),
      as('admin').delete(`${MEDIA_API.tag}?company=${FOLDER}&tag=..`),
      as('admin')
        .post(MEDIA_API.deleteFiles)
        .send({ directoryname: `${FOLDER}/pending`, filelist: ['../../outside.txt'] }),
      as('admin')
        .post(MEDIA_API.deleteFiles)
        .send({ directoryname: `${FOLDER}/../..`, filelist: ['outside.txt'] }),
      as('admin')
        .post(MEDIA_API.moveMediaFiles)
        .send({
          directoryname: FOLDER,
          sourceFolder: 'pending',
          destinationFolder: 'tags\\..\\..\\..',
          filelist: ['a.jpg'],
        }),
      as('admin')
        .post(MEDIA_API.mediaFiles)
        .send({ directoryname: FOLDER, tag: '../..', files: ['a.jpg'] }),
      as('admin').get(`${MEDIA_API.pendingMediaList}?dir=${encodeURIComponent('..')}`),
      as('admin').get(
        `${MEDIA_API.companies}/${FOLDER}/pending/${encodeURIComponent('../../../outside.txt')}`,
      ),
    ];
    for (const [index, attempt] of refusals.entries()) {
      const response = await attempt;
      expect([index, response.status]).toEqual([index, 400]);
      expect(response.body.message).toMatch(/Invalid|expected|\.\./);
    }
    expect(await walk(dataDir)).toEqual(before);
    expect(await fs.readFile(outside, 'utf8')).toBe('keep');
  });
});

describe('media server: files are served alike from every storage', () => {
  // 304, 206, 416 and HEAD: shared-storage.int-spec (its servers are processes; the OpenAPI
  // document here lists the JSON answers).
  it('answers the type, length and validators of a file, and 404 for a missing one', async () => {
    await createCompany();
    const video = mp4(40_000);
    await upload(video, 'clip.mp4').expect(200);
    const whole = await as('basic')
      .get(`${MEDIA_API.companies}/${FOLDER}/pending/clip.mp4`)
      .buffer(true)
      .expect(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-length']).toBe('40000');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers.etag).toMatch(/^W\/"9c40-[0-9a-f]+"$/);
    expect(new Date(whole.headers['last-modified']!).getTime()).toBeGreaterThan(0);
    expect(Buffer.compare(whole.body as Buffer, video)).toBe(0);
    await as('basic').get(`${MEDIA_API.companies}/${FOLDER}/pending/none.mp4`).expect(404);
  });
});

describe('media server: move, expire, delete', () => {
  beforeEach(async () => {
    await createCompany();
    await upload(await jpeg(50, 50), 'one.jpg').expect(200);
    await upload(await jpeg(50, 50), 'two.jpg').expect(200);
  });
  const list = async (url: string) =>
    mediaListResultSchema.parse((await as('basic').get(url).expect(200)).body);

  it('pushes to a tag, expires, moves back to pending, with previews following', async () => {
    const pushed = await as('basic')
      .post(MEDIA_API.mediaFiles)
      .send({ directoryname: FOLDER, tag: 'promo', files: ['one.jpg', 'two.jpg'] })
      .expect(200);
    expect(mediaResultSchema.parse(pushed.body)).toEqual({ success: true });
    const active = await list(`${MEDIA_API.mediaList}?dir=${FOLDER}&tag=promo`);
    expect(active.files.map((f) => [f.filename, f.tagName, f.thumbnail])).toEqual([
      ['one.jpg', 'promo', true],
      ['two.jpg', 'promo', true],
    ]);
    expect((await list(`${MEDIA_API.mediaList}?dir=${FOLDER}&tag=nosuchtag`)).success).toBe(false);
    await as('basic')
      .get(`${MEDIA_API.companies}/${FOLDER}/tags/promo/one.jpg`)
      .expect(200)
      .expect('content-type', /jpeg/);

    const expired = await as('basic')
      .post(MEDIA_API.moveMediaFiles)
      .send({
        directoryname: FOLDER,
        sourceFolder: 'tags\\promo',
        destinationFolder: 'expired',
        filelist: ['one.jpg'],
      })
      .expect(200);
    expect(expired.body).toEqual({ success: true });
    expect(
      (await list(`${MEDIA_API.expiredMediaList}?dir=${FOLDER}`)).files.map((f) => f.filename),
    ).toEqual(['one.jpg']);
    await as('basic')
      .get(`${MEDIA_API.companies}/${FOLDER}/expired/one.jpg?thumbnail=true`)
      .expect(200);

    await as('basic')
      .post(MEDIA_API.moveMediaFiles)
      .send({
        directoryname: FOLDER,
        sourceFolder: 'expired',
        destinationFolder: 'pending',
        filelist: ['one.jpg'],
      })
      .expect(200);
    expect(
      (await list(`${MEDIA_API.pendingMediaList}?dir=${FOLDER}`)).files.map((f) => [
        f.filename,
        f.thumbnail,
      ]),
    ).toEqual([['one.jpg', true]]);
    expect((await list(`${MEDIA_API.expiredMediaList}?dir=${FOLDER}`)).files).toEqual([]);
  });

  it('reports the files it could not move or delete and handles the rest', async () => {
    const moved = await as('basic')
      .post(MEDIA_API.moveMediaFiles)
      .send({
        directoryname: FOLDER,
        sourceFolder: 'pending',
        destinationFolder: 'expired',
        filelist: ['one.jpg', 'ghost.jpg'],
      })
      .expect(200);
    expect(moved.body).toEqual({
      success: true,
      failedFiles: ['ghost.jpg'],
      failures: [
        {
          file: 'ghost.jpg',
          code: ERROR_CODE.notFound,
          message: `No file named ghost.jpg in ${FOLDER}/pending`,
        },
      ],
    });

    const deleted = await as('basic')
      .post(MEDIA_API.deleteFiles)
      .send({ directoryname: `${FOLDER}/pending`, filelist: ['two.jpg', 'missing.jpg'] })
      .expect(200);
    expect(mediaResultSchema.parse(deleted.body)).toMatchObject({
      success: true,
      failedFiles: ['missing.jpg'],
      failures: [{ file: 'missing.jpg', code: ERROR_CODE.notFound }],
    });
    expect(await pendingNames()).toEqual([]);
    expect(await storage.stat(key('pending', '.thumbs', 'two.jpg.jpg'))).toBeUndefined();

    const expiredDelete = await as('basic')
      .post(MEDIA_API.deleteFiles)
      .send({ directoryname: `${FOLDER}/expired`, filelist: ['one.jpg'] })
      .expect(200);
    expect(expiredDelete.body).toEqual({ success: true });
    await as('basic')
      .post(MEDIA_API.deleteFiles)
      .send({ directoryname: `${FOLDER}/tags/nosuchtag`, filelist: ['one.jpg'] })
      .expect(404);
    await as('basic').get(`${MEDIA_API.companies}/${FOLDER}/expired/one.jpg`).expect(404);
  });
});

describe('media server: bad input is a clear 4xx', () => {
  beforeEach(() => createCompany());

  it('answers 400 to file URLs whose percent-encoding does not decode', async () => {
    for (const file of ['..%c0%afx', '%ff.png', 'a%e0%80.jpg']) {
      const response = await as('basic').get(`${MEDIA_API.companies}/${FOLDER}/pending/${file}`);
      expect([file, response.status]).toEqual([file, 400]);
      expect(errorBodySchema.parse(response.body)).toEqual({
        requestId: expect.any(String),
        code: ERROR_CODE.validation,
        message: MEDIA_SERVER_TEXT.malformedUrl,
      });
    }
  });

  it('answers 400 to a multipart file name holding a NUL byte and stores nothing', async () => {
    const response = await rawUpload(await jpeg(10, 10), 'a\0b.jpg');
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(response.body)).toEqual({
      requestId: expect.any(String),
      code: ERROR_CODE.validation,
      message: MEDIA_SERVER_TEXT.malformedUpload('Malformed part header'),
    });
    expect(await pendingNames()).toEqual([]);
  });

  it('refuses names with text-direction overrides or invisible characters, saying which', async () => {
    const spoof = await upload(await jpeg(10, 10), 'invoice\u202egpj.mp4');
    expect(spoof.status).toBe(400);
    expect(spoof.body.message).toBe(
      'Invalid file name "invoice<U+202E>gpj.mp4": it contains invisible or text-direction characters (U+202E); rename it without them',
    );
    for (const name of ['a\u200bb.jpg', 'x\u2066y\u2069.jpg', 'rtl\u200f.jpg', '\ufeffbom.jpg'])
      expect((await upload(await jpeg(10, 10), name)).status).toBe(400);
    const tag = await as('admin')
      .post(MEDIA_API.tag)
      .send({ companyname: FOLDER, tagname: 'pro\u202emo' });
    expect(tag.status).toBe(400);
    expect(tag.body.message).toContain('U+202E');
    expect(await pendingNames()).toEqual([]);
  });

  it('refuses look-alike slashes and Windows device names in file and tag names (issue 23)', async () => {
    const device = await upload(await jpeg(10, 10), 'CON.jpg');
    expect(device.status).toBe(400);
    expect(device.body.message).toContain('device name Windows reserves');
    const slash = await upload(await jpeg(10, 10), 'a\u2215b.jpg');
    expect(slash.status).toBe(400);
    expect(slash.body.message).toContain('U+2215');
    const tag = await as('admin').post(MEDIA_API.tag).send({ companyname: FOLDER, tagname: 'aux' });
    expect(tag.status).toBe(400);
    expect(await pendingNames()).toEqual([]);
  });

  it('refuses an .mp4 whose ftyp box is followed by something that is not MP4', async () => {
    const ftyp = mp4Box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
    const html = Buffer.concat([ftyp, Buffer.from('<html><script>alert(1)</script></html>')]);
    const refused = await upload(html, 'clip.mp4').expect(415);
    expect(refused.body.message).toBe(
      "Failed to import file: clip.mp4, it is not a valid MP4 file (unknown top-level box 'l><s' at byte 28)",
    );
    const noMoov = Buffer.concat([ftyp, mp4Box('mdat', Buffer.alloc(64))]);
    expect((await upload(noMoov, 'nomoov.mp4').expect(415)).body.message).toContain(
      "no 'moov' box",
    );
    const tooLong = Buffer.concat([ftyp, mp4Box('moov', mp4Box('mvhd', Buffer.alloc(100)))]);
    tooLong.writeUInt32BE(9999, ftyp.length);
    expect((await upload(tooLong, 'long.mp4').expect(415)).body.message).toContain(
      'runs past the end',
    );
    const unknown = Buffer.concat([ftyp, mp4File(1000).subarray(ftyp.length), mp4Box('zzzz')]);
    expect((await upload(unknown, 'unknown.mp4').expect(415)).body.message).toContain(
      "unknown top-level box 'zzzz'",
    );
    await upload(mp4File(5000), 'good.mp4').expect(200);
    expect(await pendingNames()).toEqual(['good.mp4']);
    expect(await walk(path.join(mediaRoot, '.tmp'))).toEqual([]);
  });

  it('refuses an image that starts right but does not decode', async () => {
    const photo = await jpeg(800, 600);
    const cut = await upload(photo.subarray(0, photo.length / 2), 'cut.jpg').expect(415);
    expect(cut.body.message).toBe(
      'Failed to import file: cut.jpg, it does not decode as a JPEG image',
    );
    const header = (await png(20, 20)).subarray(0, 40);
    await upload(header, 'header-only.png').expect(415);
    expect(await pendingNames()).toEqual([]);
    expect(await walk(path.join(mediaRoot, '.tmp'))).toEqual([]);
  });
});

describe('media server: a file of the same name is never replaced silently', () => {
  beforeEach(() => createCompany());
  const widthOf = async (...segments: string[]) =>
    (await sharp(await stored(...segments)).metadata()).width;

  it('refuses a second upload of a name in pending with 409 FILE_EXISTS unless ?replace=true', async () => {
    await upload(await jpeg(300, 200), 'logo.jpg').expect(200);
    const again = await upload(await jpeg(500, 200), 'logo.jpg').expect(409);
    expect(errorBodySchema.parse(again.body)).toEqual({
      requestId: expect.any(String),
      code: ERROR_CODE.fileExists,
      message: `A file named logo.jpg already exists in ${FOLDER}/pending; send it again with replace to replace it`,
    });
    expect(await widthOf('pending', 'logo.jpg')).toBe(300);
    await upload(await jpeg(500, 200), 'logo.jpg', 'basic', `?dir=${FOLDER}&replace=1`).expect(400);
    const replaced = await upload(
      await jpeg(500, 200),
      'logo.jpg',
      'basic',
      `?dir=${FOLDER}&replace=true`,
    ).expect(200);
    expect(replaced.body).toMatchObject({ filename: 'logo.jpg', width: 500 });
    expect(await widthOf('pending', 'logo.jpg')).toBe(500);
    expect(await pendingNames()).toEqual(['logo.jpg']);
  });

  it('counts only pending for an upload, and refuses Update Media Now onto a tag holding the name unless replace', async () => {
    await upload(await jpeg(300, 200), 'promo.jpg').expect(200);
    await as('basic')
      .post(MEDIA_API.mediaFiles)
      .send({ directoryname: FOLDER, tag: 'promo', files: ['promo.jpg'] })
      .expect(200);
    // The live copy is in the tag; pending is empty again, so the new version uploads.
    await upload(await jpeg(640, 200), 'promo.jpg').expect(200);
    await upload(await jpeg(100, 100), 'other.jpg').expect(200);

    const refused = await as('basic')
      .post(MEDIA_API.mediaFiles)
      .send({ directoryname: FOLDER, tag: 'promo', files: ['promo.jpg', 'other.jpg'] })
      .expect(200);
    expect(mediaResultSchema.parse(refused.body)).toEqual({
      success: true,
      failedFiles: ['promo.jpg'],
      failures: [
        {
          file: 'promo.jpg',
          code: ERROR_CODE.fileExists,
          message: `A file named promo.jpg already exists in ${FOLDER}/tags/promo; send it again with replace to replace it`,
        },
      ],
    });
    // Both copies stay where they were; the other file went live.
    expect(await widthOf('tags', 'promo', 'promo.jpg')).toBe(300);
    expect(await pendingNames()).toEqual(['promo.jpg']);
    expect(await widthOf('tags', 'promo', 'other.jpg')).toBe(100);

    // The same rule through /movemediafiles into a tag.
    const moved = await as('basic')
      .post(MEDIA_API.moveMediaFiles)
      .send({
        directoryname: FOLDER,
        sourceFolder: 'pending',
        destinationFolder: 'tags\\promo',
        filelist: ['promo.jpg'],
      })
      .expect(200);
    expect(moved.body.failures).toEqual([expect.objectContaining({ code: ERROR_CODE.fileExists })]);

    const confirmed = await as('basic')
      .post(MEDIA_API.mediaFiles)
      .send({ directoryname: FOLDER, tag: 'promo', files: ['promo.jpg'], replace: true })
      .expect(200);
    expect(confirmed.body).toEqual({ success: true });
    expect(await widthOf('tags', 'promo', 'promo.jpg')).toBe(640);
    expect(await pendingNames()).toEqual([]);
  });
});

describe('media server: images are decoded once, as they arrive', () => {
  beforeEach(() => createCompany());

  it('applies EXIF orientation, keeps PNG transparency and 16-bit PNGs, and writes both files', async () => {
    const sideways = await sharp({
      create: { width: 400, height: 200, channels: 3, background: '#123' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await upload(sideways, 'turned.jpg').expect(200)).body).toMatchObject({
      width: 200,
      height: 400,
    });
    const clear = await sharp({
      create: { width: 64, height: 32, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    await upload(clear, 'clear.png').expect(200);
    const meta = await sharp(await stored('pending', 'clear.png')).metadata();
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true, width: 64, height: 32 });
    const deep = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#fa0' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    await upload(deep, 'deep.png').expect(200);
    for (const name of ['turned.jpg', 'clear.png', 'deep.png'])
      expect(
        (await sharp(await stored('pending', '.thumbs', `${name}.jpg`)).metadata()).format,
      ).toBe('jpeg');
    expect(await walk(path.join(mediaRoot, '.tmp'))).toEqual([]);
  });
});
