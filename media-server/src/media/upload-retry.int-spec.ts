import fs from 'node:fs/promises';
import path from 'node:path';
import {
  AUDIT_ACTION,
  ERROR_CODE,
  MEDIA_API,
  MEDIA_PORTAL_API,
  MEDIA_SERVER_TEXT,
  MEDIA_UPLOAD_FIELD,
  mediaUploadResultSchema,
  TOKEN_INFO_PATH,
} from '@store-cloud/contracts';
import sharp from 'sharp';
import request from 'supertest';
import type { FileAudit, FileChange } from '../audit/file-audit';
import {
  type FakeBackend,
  mediaAppOnTempDisk,
  mp4File,
  startFakeBackend,
  TEST_MEDIA_ADMIN,
  storedBytes,
  storedNames,
} from '../../test/test-media-app';
import type { MediaStorage } from '../storage/media-storage';

/**
 * Retries that are safe (issue 24 point 4): an upload sent again with the same name and the same
 * bytes (its first answer was lost) answers the file stored the first time; other bytes under
 * the name are still 409 FILE_EXISTS.
 */
const FOLDER = 'RetryFuels-7';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startFakeBackend((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url === MEDIA_PORTAL_API.mediaCompanies) return res.end('[]');
    if (req.url === TOKEN_INFO_PATH) return res.end(JSON.stringify(TEST_MEDIA_ADMIN));
    res.end('{}');
  });
});
afterAll(() => backend.close());

let dataDir: string;
let mediaRoot: string;
let storage: MediaStorage;
let app: Awaited<ReturnType<typeof mediaAppOnTempDisk>>['app'];
let recorded: FileChange[];

beforeEach(async () => {
  recorded = [];
  const audit: FileAudit = { record: async (changes) => void recorded.push(...changes) };
  ({ dataDir, mediaRoot, app, storage } = await mediaAppOnTempDisk('media-retry-', backend.url, {
    audit,
  }));
  await request(app)
    .post(MEDIA_API.companies)
    .set('x-access-token', 'admin')
    .send({ directoryname: FOLDER })
    .expect(200);
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

const upload = (buffer: Buffer, name: string, query = '') =>
  request(app)
    .post(`${MEDIA_API.mediaImage}?dir=${FOLDER}${query}`)
    .set('x-access-token', 'admin')
    .attach(MEDIA_UPLOAD_FIELD, buffer, name);

/** A photo larger than the fit (so the stored file is encoded again and differs from the upload). */
const photo = (background: string) =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background } })
    .jpeg()
    .toBuffer();

const pending = () => storedNames(storage, `${FOLDER}/pending`);
const storedShop = () => storedBytes(storage, `${FOLDER}/pending/shop.jpg`);

it('answers an image sent again with the same bytes with the stored file, once in the audit trail', async () => {
  const bytes = await photo('#3a7');
  const first = mediaUploadResultSchema.parse((await upload(bytes, 'shop.jpg').expect(200)).body);
  expect(first).toMatchObject({ success: true, filename: 'shop.jpg', width: 1200 });
  const stored = await storedShop();
  expect(stored.equals(bytes)).toBe(false); // fitted: the stored bytes are not the uploaded ones

  const again = await upload(bytes, 'shop.jpg').expect(200);
  expect(again.body).toEqual(first);
  expect(await pending()).toEqual(['shop.jpg']);
  expect((await storedShop()).equals(stored)).toBe(true);
  expect(recorded.map((c) => [c.action, c.file])).toEqual([
    [AUDIT_ACTION.mediaFileUpload, 'shop.jpg'],
  ]);
  expect(await fs.readdir(path.join(mediaRoot, '.tmp'))).toEqual([]);
});

it('still refuses other bytes under a stored name with 409 FILE_EXISTS', async () => {
  await upload(await photo('#3a7'), 'shop.jpg').expect(200);
  const other = await upload(await photo('#a37'), 'shop.jpg').expect(409);
  expect(other.body).toEqual({
    requestId: expect.any(String),
    code: ERROR_CODE.fileExists,
    message: MEDIA_SERVER_TEXT.fileExists('shop.jpg', `${FOLDER}/pending`),
  });
  expect(await pending()).toEqual(['shop.jpg']);
  expect(await fs.readdir(path.join(mediaRoot, '.tmp'))).toEqual([]);
});

it('answers an MP4 sent again with the same bytes with the stored file; other bytes are 409', async () => {
  const video = mp4File(50_000);
  const first = await upload(video, 'clip.mp4').expect(200);
  const again = await upload(video, 'clip.mp4').expect(200);
  expect(again.body).toEqual(first.body);
  const changed = Buffer.from(video);
  changed[changed.length - 1] = 1;
  await upload(changed, 'clip.mp4').expect(409);
  expect(await pending()).toEqual(['clip.mp4']);
  expect(recorded).toHaveLength(1);
});

it('refuses the same bytes with 409 once the stored file is another one (moved back from a tag)', async () => {
  const bytes = await photo('#3a7');
  await upload(bytes, 'shop.jpg').expect(200);
  // Another file of the name takes its place behind the upload's back (a move from a tag
  // replaces a pending file): the kept digest no longer describes it.
  const other = path.join(dataDir, 'other.jpg');
  await fs.writeFile(other, await photo('#a37'));
  await storage.putFile(other, `${FOLDER}/pending/shop.jpg`);
  await upload(bytes, 'shop.jpg').expect(409);
});

it('replaces with ?replace=true as before, and the new bytes are then the ones a retry matches', async () => {
  await upload(await photo('#3a7'), 'shop.jpg').expect(200);
  const newer = await photo('#a37');
  await upload(newer, 'shop.jpg', '&replace=true').expect(200);
  await upload(newer, 'shop.jpg').expect(200);
  expect(recorded.map((c) => c.action)).toEqual([
    AUDIT_ACTION.mediaFileUpload,
    AUDIT_ACTION.mediaFileReplace,
  ]);
});
