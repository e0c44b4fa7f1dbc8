import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  MEDIA_API,
  MEDIA_PORTAL_API,
  MEDIA_UPLOAD_FIELD,
  mediaListResultSchema,
  TOKEN_INFO_PATH,
} from '@store-cloud/contracts';
import { freePort, type NodeProcess, startNodeScript } from '@store-cloud/node-kit';
import sharp from 'sharp';
import {
  type FakeBackend,
  freshStorage,
  mp4File,
  startFakeBackend,
  storageEnv,
  storedNames,
  TEST_MEDIA_ADMIN,
} from '../../test/test-media-app';
import { loadMediaConfig } from '../config/media-config';
import type { MediaStorage } from '../storage/media-storage';

/**
 * Media servers as processes on one storage: the media root on disk in the local project, the
 * bucket in the s3 one (issue 29). Two servers serve each other's uploads, and a server killed
 * mid-upload leaves nothing half-visible.
 */
const FOLDER = 'SharedFuels-7';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startFakeBackend((req, res) => {
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-access-token'] !== 'admin') return void res.writeHead(401).end();
    if (req.url === TOKEN_INFO_PATH) return json(TEST_MEDIA_ADMIN);
    if (req.url === MEDIA_PORTAL_API.mediaCompanies) return json([]);
    res.writeHead(404).end();
  });
});
afterAll(() => backend.close());

let dataDirs: string[];
let running: NodeProcess[];
let storage: MediaStorage;
beforeEach(async () => {
  dataDirs = [];
  running = [];
  storage = await freshStorage(loadMediaConfig({ DATA_DIR: await dataDir(), ...storageEnv() }));
});
afterEach(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-shared-'));
  dataDirs.push(dir);
  return dir;
}

/**
 * src/main.ts on the project's storage. On S3 each server has a DATA_DIR of its own (its
 * uploads in flight); on disk the servers share one, since the files are below it.
 */
async function startServer(): Promise<{ url: string; process: NodeProcess; dataDir: string }> {
  const port = await freePort();
  const dir = storage.kind === 's3' ? await dataDir() : dataDirs[0]!;
  const server = startNodeScript(path.join(__dirname, '..', 'main.ts'), {
    env: { MEDIA_PORT: String(port), DATA_DIR: dir, BACKEND_URL: backend.url, ...storageEnv() },
    nodeArgs: ['--import', 'tsx'],
  });
  running.push(server);
  await server.printed('listening on');
  return { url: `http://127.0.0.1:${port}`, process: server, dataDir: dir };
}

const call = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, headers: { 'x-access-token': 'admin', ...init.headers } });
const post = (url: string, body: unknown) =>
  call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const upload = (url: string, bytes: Buffer, name: string) => {
  const form = new FormData();
  form.append(MEDIA_UPLOAD_FIELD, new Blob([new Uint8Array(bytes)]), name);
  return call(`${url}${MEDIA_API.mediaImage}?dir=${FOLDER}`, { method: 'POST', body: form });
};
const listed = async (url: string, list: string) =>
  mediaListResultSchema.parse(await (await call(`${url}${list}`)).json()).files;
/** A conditional GET's status; not by fetch, which adds Cache-Control: no-cache to it. */
const conditionalGet = (url: string, headers: Record<string, string>) =>
  new Promise<number | undefined>((resolve, reject) =>
    http
      .get(url, { headers: { 'x-access-token': 'admin', ...headers } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
      .on('error', reject),
  );
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

it('two media servers on one storage serve, list and move each other’s uploads', async () => {
  const a = await startServer();
  const b = await startServer();
  expect((await post(`${a.url}${MEDIA_API.companies}`, { directoryname: FOLDER })).status).toBe(
    200,
  );
  const tag = { companyname: FOLDER, tagname: 'promo' };
  expect((await post(`${b.url}${MEDIA_API.tag}`, tag)).status).toBe(200);

  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  expect((await upload(a.url, photo, 'shop.jpg')).status).toBe(200);
  const video = mp4File(300_000);
  expect((await upload(b.url, video, 'clip.mp4')).status).toBe(200);

  // Each server lists and serves what the other stored.
  for (const url of [a.url, b.url])
    expect(
      (await listed(url, `${MEDIA_API.pendingMediaList}?dir=${FOLDER}`)).map((f) => f.filename),
    ).toEqual(['clip.mp4', 'shop.jpg']);
  const fromA = await bytesOf(await call(`${a.url}/companies/${FOLDER}/pending/shop.jpg`));
  const fromB = await call(`${b.url}/companies/${FOLDER}/pending/shop.jpg`);
  expect(fromB.headers.get('content-type')).toBe('image/jpeg');
  expect((await bytesOf(fromB)).equals(fromA)).toBe(true);
  const part = await call(`${a.url}/companies/${FOLDER}/pending/clip.mp4`, {
    headers: { range: 'bytes=100-199' },
  });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe('bytes 100-199/300000');
  expect((await bytesOf(part)).equals(video.subarray(100, 200))).toBe(true);
  const clip = `${b.url}/companies/${FOLDER}/pending/clip.mp4`;
  const whole = await call(clip);
  const etag = whole.headers.get('etag')!;
  expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  expect(await conditionalGet(clip, { 'if-none-match': etag })).toBe(304);
  const since = { 'if-modified-since': whole.headers.get('last-modified')! };
  expect(await conditionalGet(clip, since)).toBe(304);
  expect((await call(clip, { headers: { range: 'bytes=400000-500000' } })).status).toBe(416);
  const head = await call(clip, { method: 'HEAD' });
  expect([head.status, head.headers.get('content-length')]).toEqual([200, '300000']);

  // A move on one server is what the other lists and serves.
  const moved = await post(`${b.url}${MEDIA_API.mediaFiles}`, {
    directoryname: FOLDER,
    tag: 'promo',
    files: ['shop.jpg'],
  });
  expect(await moved.json()).toEqual({ success: true });
  const promo = await listed(a.url, `${MEDIA_API.mediaList}?dir=${FOLDER}&tag=promo`);
  expect(promo.map((f) => [f.filename, f.thumbnail])).toEqual([['shop.jpg', true]]);
  const thumb = await call(`${a.url}/companies/${FOLDER}/tags/promo/shop.jpg?thumbnail=true`);
  expect(thumb.status).toBe(200);
  expect((await sharp(await bytesOf(thumb)).metadata()).format).toBe('jpeg');
  expect(await storedNames(storage, `${FOLDER}/pending`)).toEqual(['clip.mp4']);
});

it('a media server killed mid-upload leaves nothing half-visible, and the upload sent again is whole', async () => {
  const first = await startServer();
  expect((await post(`${first.url}${MEDIA_API.companies}`, { directoryname: FOLDER })).status).toBe(
    200,
  );
  const video = mp4File(20_000_000);
  const boundary = 'shared-storage-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${MEDIA_UPLOAD_FIELD}"; ` +
      `filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const request = http.request(`${first.url}${MEDIA_API.mediaImage}?dir=${FOLDER}`, {
    method: 'POST',
    headers: {
      'x-access-token': 'admin',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  request.on('error', () => undefined); // the server goes away mid-body
  request.write(Buffer.concat([head, video.subarray(0, 8_000_000)]));
  // Killed once the server is taking the file in (its staged part is on its disk).
  const tmp = path.join(first.dataDir, 'media', '.tmp');
  for (;;) {
    const staged = await fs.readdir(tmp).catch(() => [] as string[]);
    const sizes = await Promise.all(
      staged.map((name) =>
        fs.stat(path.join(tmp, name)).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    if (sizes.some((size) => size > 0)) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  first.process.child.kill('SIGKILL');
  await first.process.exited;
  request.destroy();

  // Nothing of it in pending, neither as a file nor as a preview or digest.
  expect(await storage.listTree(`${FOLDER}/pending`)).toEqual([]);
  const second = await startServer();
  expect(await listed(second.url, `${MEDIA_API.pendingMediaList}?dir=${FOLDER}`)).toEqual([]);
  expect((await upload(second.url, video, 'big.mp4')).status).toBe(200);
  const files = await listed(second.url, `${MEDIA_API.pendingMediaList}?dir=${FOLDER}`);
  expect(files.map((f) => [f.filename, f.filesize])).toEqual([['big.mp4', 20_000_000]]);
  const served = await bytesOf(await call(`${second.url}/companies/${FOLDER}/pending/big.mp4`));
  expect(served.equals(video)).toBe(true);
});
