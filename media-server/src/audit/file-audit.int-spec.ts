import fs from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  AUDIT_ACTION,
  MEDIA_API,
  MEDIA_FILE_AUDIT_API,
  MEDIA_PORTAL_API,
  MEDIA_SERVICE_KEY_HEADER,
  MEDIA_UPLOAD_FIELD,
  type MediaFileChange,
  mediaFileChangesSchema,
  TOKEN_INFO_PATH,
} from '@store-cloud/contracts';
import { freePort, type NodeProcess, startNodeScript } from '@store-cloud/node-kit';
import sharp from 'sharp';
import request from 'supertest';
import {
  type FakeBackend,
  freshStorage,
  startFakeBackend,
  storageEnv,
  TEST_MEDIA_ADMIN,
} from '../../test/test-media-app';
import { loadMediaConfig } from '../config/media-config';

/**
 * The outbox of media file changes (issue 17 point 1) in the real media server process: a
 * change the backend does not take is kept on disk, the upload still succeeds, and the change is
 * delivered once the backend takes reports again, also after the media server was killed in
 * the middle of delivering it. A small real HTTP server stands in for the backend: it verifies
 * the token, and its report route is down, hangs or acknowledges as the test says (the real
 * backend records a change it receives twice once: backend/test/media-file-audit.int-spec.ts).
 */
const KEY = 'media-service-key-for-the-outbox-test';
const FOLDER = 'AcmeFuels-7';

type ReportMode = 'down' | 'hang' | 'up';
let mode: ReportMode = 'down';
/** Every report that reached the backend, and those it acknowledged. */
let received: MediaFileChange[][] = [];
let acknowledged: MediaFileChange[][] = [];
const hanging: http.ServerResponse[] = [];
let backend: FakeBackend;

beforeAll(async () => {
  backend = await startFakeBackend((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === MEDIA_FILE_AUDIT_API.report) {
      if (mode === 'down') return req.socket.destroy();
      if (req.headers[MEDIA_SERVICE_KEY_HEADER] !== KEY) return json(401, {});
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const { changes } = mediaFileChangesSchema.parse(JSON.parse(body));
        received.push(changes);
        if (mode === 'hang') return void hanging.push(res);
        acknowledged.push(changes);
        json(200, { recorded: changes.length });
      });
      return;
    }
    if (req.headers['x-access-token'] !== 'admin') return json(401, {});
    if (req.url === TOKEN_INFO_PATH) return json(200, TEST_MEDIA_ADMIN);
    if (req.url === MEDIA_PORTAL_API.mediaCompanies) return json(200, []);
    json(404, {});
  });
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await backend.close();
});

let dataDir: string;
let server: NodeProcess | undefined;
let url: string;

beforeEach(async () => {
  mode = 'down';
  received = [];
  acknowledged = [];
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-audit-'));
  await freshStorage(loadMediaConfig({ DATA_DIR: dataDir, ...storageEnv() }));
});
afterEach(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function startMediaServer() {
  const port = await freePort();
  server = startNodeScript(path.join(__dirname, '..', 'main.ts'), {
    nodeArgs: ['--import', 'tsx'],
    env: {
      MEDIA_PORT: String(port),
      DATA_DIR: dataDir,
      BACKEND_URL: backend.url,
      MEDIA_SERVICE_KEY: KEY,
      MEDIA_AUDIT_RETRY_MS: '200',
      ...storageEnv(),
    },
  });
  await server.printed('listening on');
  url = `http://127.0.0.1:${port}`;
}

const png = () =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
async function upload(name: string) {
  return request(url)
    .post(`${MEDIA_API.mediaImage}?dir=${FOLDER}`)
    .set('x-access-token', 'admin')
    .attach(MEDIA_UPLOAD_FIELD, await png(), name)
    .expect(200);
}

const outbox = () => path.join(dataDir, 'audit-outbox.jsonl');
/** The changes kept on disk (none once the file is gone). */
const kept = async (): Promise<MediaFileChange[]> =>
  (await fs.readFile(outbox(), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MediaFileChange);

/** Polls until check() holds; the deadline only bounds a failing test. */
async function eventually<T>(read: () => Promise<T> | T, check: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`not reached; last ${JSON.stringify(value)}\n${server?.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A media server with the company folder FOLDER made. */
async function startWithFolder() {
  await startMediaServer();
  await request(url)
    .post(MEDIA_API.companies)
    .set('x-access-token', 'admin')
    .send({ directoryname: FOLDER })
    .expect(200);
}

// Each test starts the media server process (through tsx) once or twice.
jest.setTimeout(60_000);

describe('media server: the audit outbox', () => {
  it('keeps an upload whose report the backend does not take, and delivers it once it does', async () => {
    await startWithFolder();
    const { body } = await upload('a.png');

    const [change] = await kept();
    expect(change).toMatchObject({
      actor: { id: TEST_MEDIA_ADMIN.id, username: TEST_MEDIA_ADMIN.name },
      action: AUDIT_ACTION.mediaFileUpload,
      companyId: 7,
      mediaFolder: FOLDER,
      file: 'a.png',
      to: 'pending',
      size: body.filesize,
      type: 'png',
    });
    expect(acknowledged).toEqual([]);

    mode = 'up';
    await eventually(kept, (changes) => changes.length === 0);
    expect(acknowledged).toEqual([[change]]);
  });

  it('delivers a change once more with the same id after a kill in the middle of delivering it', async () => {
    await startWithFolder();
    await upload('a.png');
    const [change] = await kept();

    // The backend receives the report but the media server dies before it hears the answer.
    mode = 'hang';
    await eventually(
      () => received,
      (reports) => reports.length > 0,
    );
    server!.child.kill('SIGKILL');
    await server!.exited;
    expect(await kept()).toEqual([change]);

    mode = 'up';
    await startMediaServer();
    await eventually(kept, (changes) => changes.length === 0);
    // A later change is delivered after it, and the first is not sent again.
    await upload('b.png');
    await eventually(
      () => acknowledged.flat(),
      (changes) => changes.some((c) => c.file === 'b.png'),
    );
    // Sent twice (the backend records an id once), acknowledged once.
    const sentA = received.flat().filter((c) => c.file === 'a.png');
    expect(sentA.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sentA.map((c) => c.id))).toEqual(new Set([change!.id]));
    expect(acknowledged.flat().map((c) => c.file)).toEqual(['a.png', 'b.png']);
    expect(acknowledged.flat()[0]).toEqual(change);
    // The line goes once the media server has read the acknowledgement, a moment after it is sent.
    await eventually(kept, (changes) => changes.length === 0);
  });
});
