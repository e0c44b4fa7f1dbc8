import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  MEDIA_API,
  MEDIA_PORTAL_API,
  MEDIA_UPLOAD_FIELD,
  METRICS_PATH,
  METRICS_PREFIX,
  TOKEN_INFO_PATH,
} from '@store-cloud/contracts';
import { createLogger } from '@store-cloud/node-kit';
import type { Express } from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { createApp } from '../app';
import { loadMediaConfig } from '../config/media-config';
import {
  type FakeBackend,
  startFakeBackend,
  storageEnv,
  TEST_MEDIA_ADMIN,
} from '../../test/test-media-app';
import { ensureMediaRoot } from '../storage/media-root.storage';

const TOKEN = 'media-metrics-token-0123456789';
// sharp and the first scrape are slow on a busy machine; nothing here waits on time.
jest.setTimeout(60_000);
const FOLDER = 'MetricsFuels-41';

/** The value of one sample line (`name{labels} value`) of a scrape; 0 when absent. */
function sample(text: string, line: string): number {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

let backend: FakeBackend;
let dataDir: string;
let app: Express;

beforeAll(async () => {
  backend = await startFakeBackend((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url === MEDIA_PORTAL_API.mediaCompanies) return res.end('[]');
    if (req.url === TOKEN_INFO_PATH) return res.end(JSON.stringify(TEST_MEDIA_ADMIN));
    res.end('{}');
  });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-metrics-'));
  const config = loadMediaConfig({
    ...storageEnv(),
    DATA_DIR: dataDir,
    BACKEND_URL: backend.url,
    METRICS_TOKEN: TOKEN,
    METRICS_READ_INTERVAL_MS: '0',
  });
  await ensureMediaRoot(config.mediaRoot);
  app = createApp(config, createLogger('silent', 'media-server'));
  await request(app)
    .post(MEDIA_API.companies)
    .set('x-access-token', 'admin')
    .send({ directoryname: FOLDER })
    .expect(200);
}, 60_000);
afterAll(async () => {
  await backend.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const scrape = async () =>
  (await request(app).get(METRICS_PATH).set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

it('answers 401 without the bearer token, and 404 where no token is configured', async () => {
  await request(app).get(METRICS_PATH).expect(401);
  await request(app).get(METRICS_PATH).set('Authorization', 'Bearer not-it').expect(401);
  await request(app).get(METRICS_PATH).set('x-access-token', 'admin').expect(401);
  const off = createApp(
    loadMediaConfig({ DATA_DIR: dataDir, BACKEND_URL: backend.url, ...storageEnv() }),
    createLogger('silent', 'media-server'),
  );
  await request(off).get(METRICS_PATH).set('Authorization', `Bearer ${TOKEN}`).expect(404);
});

it('times an upload and counts the company files and bytes on disk', async () => {
  const before = await scrape();
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  await request(app)
    .post(`${MEDIA_API.mediaImage}?dir=${FOLDER}`)
    .set('x-access-token', 'admin')
    .attach(MEDIA_UPLOAD_FIELD, image, 'metrics.png')
    .expect(200);
  const after = await scrape();
  const stored = `${METRICS_PREFIX}upload_duration_seconds_count{outcome="stored"}`;
  expect(sample(after, stored) - sample(before, stored)).toBe(1);
  expect(sample(after, `${METRICS_PREFIX}media_files{company="41"}`)).toBe(1);
  expect(sample(after, `${METRICS_PREFIX}media_bytes{company="41"}`)).toBeGreaterThan(0);
  expect(sample(after, `${METRICS_PREFIX}media_disk_free_bytes`)).toBeGreaterThan(0);
  // The upload's route template, never the folder or the file.
  expect(after).toContain(`route="${MEDIA_API.mediaImage}"`);
  expect(after).not.toContain(FOLDER);
  expect(after).not.toContain('metrics.png');
});
