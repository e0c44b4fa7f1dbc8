import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  API,
  AUDIT_ACTION,
  ERROR_CODE,
  HEALTH_REASON,
  MEDIA_API,
  MEDIA_FILE_AUDIT_API,
  MEDIA_PORTAL_API,
  MEDIA_SERVER_TEXT,
  MEDIA_UPLOAD_FIELD,
  type MediaFileChange,
  mediaHealthSchema,
  mediaUploadResultSchema,
  TOKEN_INFO_PATH,
} from '@store-cloud/contracts';
import { freePort } from '@store-cloud/node-kit';
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
 * The media server as its own process, killed or on a full disk (issue 24 points 4 and 5):
 * what exists afterwards is counted on disk.
 */
const FOLDER = 'FaultFuels-7';
const SERVICE_KEY = 'k'.repeat(40);

/** What the fake backend's audit route received; onReport runs as each batch arrives. */
let reported: MediaFileChange[] = [];
let onReport: () => void = () => undefined;
let backend: FakeBackend;

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => resolve(body));
  });

beforeAll(async () => {
  backend = await startFakeBackend((req, res) => {
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === MEDIA_FILE_AUDIT_API.report) {
      void readBody(req).then((body) => {
        const { changes } = JSON.parse(body) as { changes: MediaFileChange[] };
        reported.push(...changes);
        onReport();
        json({ recorded: changes.length });
      });
      return;
    }
    if (req.url === MEDIA_PORTAL_API.mediaCompanies) return json([]);
    if (req.url === TOKEN_INFO_PATH) return json(TEST_MEDIA_ADMIN);
    res.writeHead(404).end();
  });
});
afterAll(() => backend.close());

let running: ChildProcess | undefined;
let dataDir: string;
/** The storage the servers of a test share (the disk below dataDir, or the bucket). */
let storage: MediaStorage;
beforeEach(async () => {
  reported = [];
  onReport = () => undefined;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-faults-'));
  storage = await freshStorage(loadMediaConfig({ DATA_DIR: dataDir, ...storageEnv() }));
});
afterEach(async () => {
  if (running?.exitCode === null && running.signalCode === null) {
    const exited = new Promise((resolve) => running!.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

/**
 * Starts src/main.ts on dataDir; with tmpfsBytes its media root is a tmpfs of that size, mounted
 * in a mount namespace of its own (unshare), so the disk really fills. Resolves once it listens.
 */
async function startMedia(tmpfsBytes?: number) {
  const port = await freePort();
  const mediaRoot = path.join(dataDir, 'media');
  const node = [process.execPath, '--import', 'tsx', path.join(__dirname, '..', 'main.ts')];
  let command = node;
  if (tmpfsBytes) {
    await fs.mkdir(mediaRoot, { recursive: true });
    command = [
      'unshare',
      '--map-root-user',
      '--mount',
      'sh',
      '-c',
      `mount -t tmpfs -o size=${tmpfsBytes} tmpfs "$MEDIA_MOUNT" && exec "$@"`,
      'sh',
      ...node,
    ];
  }
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      PATH: process.env.PATH,
      MEDIA_PORT: String(port),
      DATA_DIR: dataDir,
      BACKEND_URL: backend.url,
      MEDIA_SERVICE_KEY: SERVICE_KEY,
      MEDIA_MOUNT: mediaRoot,
      ...storageEnv(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.includes('listening on')) resolve();
    };
    child.stdout.on('data', (chunk) => ((output += chunk), check()));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', () => reject(new Error(`the media server exited:\n${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The process's own view of the media root (its tmpfs lives in its mount namespace).
  const seenRoot = tmpfsBytes ? `/proc/${child.pid}/root${mediaRoot}` : mediaRoot;
  return { child, url, exited, seenRoot };
}

const call = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, headers: { 'x-access-token': 'admin', ...init.headers } });

const createCompany = (url: string) =>
  call(`${url}${MEDIA_API.companies}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ directoryname: FOLDER }),
  }).then((response) => expect(response.status).toBe(200));

const upload = (url: string, bytes: Buffer, name: string) => {
  const form = new FormData();
  form.append(MEDIA_UPLOAD_FIELD, new Blob([new Uint8Array(bytes)]), name);
  return call(`${url}${MEDIA_API.mediaImage}?dir=${FOLDER}`, { method: 'POST', body: form });
};

/** A photo of noise: its fitted JPEG is some hundreds of kilobytes. */
const noisePhoto = () =>
  sharp({
    create: {
      width: 1600,
      height: 1000,
      channels: 3,
      background: '#38a',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

/** The files of the company's pending folder, its previews and digests too (any depth). */
const pendingFiles = async (seenRoot: string) => {
  if (storage.kind === 's3')
    return (await storage.listTree(`${FOLDER}/pending`)).map((file) =>
      path.posix.basename(file.key),
    );
  const left = await fs.readdir(path.join(seenRoot, FOLDER, 'pending'), {
    recursive: true,
    withFileTypes: true,
  });
  return left.filter((e) => e.isFile()).map((e) => e.name);
};
const pendingMedia = () => storedNames(storage, `${FOLDER}/pending`);

it('answers an upload sent again after the server was killed once the file was written with that file, and keeps one', async () => {
  const bytes = await noisePhoto();
  const first = await startMedia();
  await createCompany(first.url);
  // Killed as the upload's audit line goes out: the file is renamed into pending and the line
  // is on disk; whether the client got its answer is up to the race, as after a real crash.
  onReport = () => first.child.kill('SIGKILL');
  await upload(first.url, bytes, 'shop.jpg').catch(() => undefined);
  await first.exited;
  expect(await pendingMedia()).toEqual(['shop.jpg']);

  // Restarted on the same disk: it sends what its outbox kept, and the user's retry is the file.
  const delivered = new Promise<void>((resolve) => (onReport = resolve));
  const second = await startMedia();
  await delivered;
  const retry = await upload(second.url, bytes, 'shop.jpg');
  expect(retry.status).toBe(200);
  expect(mediaUploadResultSchema.parse(await retry.json())).toMatchObject({
    success: true,
    filename: 'shop.jpg',
    width: 1200,
  });
  expect(await pendingMedia()).toEqual(['shop.jpg']);
  expect(await fs.readdir(path.join(dataDir, 'media', '.tmp'))).toEqual([]);
  // One upload in the audit trail: the line sent before the kill and again after it is one id.
  const uploads = reported.filter((c) => c.action === AUDIT_ACTION.mediaFileUpload);
  expect(new Set(uploads.map((c) => c.id)).size).toBe(1);
  expect(uploads.every((c) => c.file === 'shop.jpg')).toBe(true);
});

it('answers 507 with the disk-full text on a full media disk, leaves nothing behind and turns ready 503 while live stays 200', async () => {
  const media = await startMedia(256 * 1024);
  await createCompany(media.url);
  const photo = await noisePhoto();
  const big = mp4File(1024 * 1024);
  for (const [bytes, name] of [
    [photo, 'shop.jpg'],
    [big, 'clip.mp4'],
  ] as const) {
    const refused = await upload(media.url, bytes, name);
    expect([name, refused.status]).toEqual([name, 507]);
    expect(await refused.json()).toEqual({
      requestId: expect.any(String),
      code: ERROR_CODE.insufficientStorage,
      message: MEDIA_SERVER_TEXT.diskFull,
    });
  }
  // Nothing of either upload: no file, preview or digest in pending, nothing in .tmp.
  expect(await pendingFiles(media.seenRoot)).toEqual([]);
  expect(await fs.readdir(path.join(media.seenRoot, '.tmp'))).toEqual([]);

  // Ready (and /health, its older name) is red with the reason; live stays green.
  for (const route of [API.healthReady, API.health]) {
    const response = await fetch(`${media.url}${route}`);
    expect([route, response.status]).toEqual([route, 503]);
    const health = mediaHealthSchema.parse(await response.json());
    expect(health.checks).toEqual({ storage: 'up', disk: 'down' });
    expect(health.reasons).toEqual([HEALTH_REASON.disk]);
    expect(health.disk!.freeBytes).toBeLessThanOrEqual(256 * 1024);
  }
  expect((await fetch(`${media.url}${API.healthLive}`)).status).toBe(200);
  // A small image still fits: the disk full answer is about space, not a broken server.
  const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
    .png()
    .toBuffer();
  expect((await upload(media.url, small, 'dot.png')).status).toBe(200);
});
