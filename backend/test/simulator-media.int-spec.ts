import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  API,
  DEMO_FLEET,
  loginResultSchema,
  MEDIA_PORTAL_API,
  mediaFolderNameOf,
  SIMULATOR_API,
  type SimulatedMedia,
  simulatedMediaSchema,
} from '@store-cloud/contracts';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, TEST_TENTACLE_SECRET, type TestApp } from './create-app';
import { freePort } from '../../e2e/stack/ports';
import { eventually } from './eventually';

const ROOT = path.join(__dirname, '..', '..');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const COMPANY = DEMO_FLEET.companies.find((c) => c.companyId === 101)!;
const FOLDER = mediaFolderNameOf(COMPANY.companyName, COMPANY.companyId);
const TAG = 'simpromo';

const children: ChildProcess[] = [];

/** Starts a workspace's main.ts and resolves once it says it is listening. */
async function start(main: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, main)], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('listening on')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${main} exited ${code}: ${output}`)));
  });
  return child;
}
async function stop(child: ChildProcess | undefined) {
  if (child?.exitCode !== null || !child) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Issue 7: a simulated store fetches its active media; a file pushed to its tag shows up. */
describe('the active media of a simulated store', () => {
  let t: TestApp;
  let mediaUrl: string;
  let simulatorUrl: string;
  let dataDir: string;
  let admin: string;

  beforeAll(async () => {
    const [mediaPort, simulatorPort] = [await freePort(), await freePort()];
    mediaUrl = `http://127.0.0.1:${mediaPort}`;
    simulatorUrl = `http://127.0.0.1:${simulatorPort}`;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-media-'));
    t = await createTestApp('simulator_media', { config: { mediaServerUrl: mediaUrl } });
    admin = loginResultSchema.parse(
      (await request(t.baseUrl).post(API.login).send(TEST_ADMIN).expect(200)).body,
    ).token!;
    await start('media-server/src/main.ts', {
      MEDIA_PORT: String(mediaPort),
      DATA_DIR: dataDir,
      BACKEND_URL: t.baseUrl,
      LOG_LEVEL: 'info',
    });
    await start('router-simulator/src/main.ts', {
      SIMULATOR_PORT: String(simulatorPort),
      BACKEND_URL: t.baseUrl,
      TENTACLE_SECRET: TEST_TENTACLE_SECRET,
      TENTACLE_PING_INTERVAL_MS: '1000',
      MEDIA_POLL_INTERVAL_MS: '300',
      LOG_LEVEL: 'info',
    });
  });
  afterAll(async () => {
    // Also the ones whose start did not finish.
    for (const child of children.reverse()) await stop(child);
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const portal = (method: 'post' | 'put', url: string) =>
    request(t.baseUrl)[method](url).set(ACCESS_TOKEN_HEADER, admin);
  const mediaServer = (url: string) => request(mediaUrl).post(url).set(ACCESS_TOKEN_HEADER, admin);
  const storeMedia = async (storeId: number): Promise<SimulatedMedia> =>
    simulatedMediaSchema.parse(
      await (await fetch(`${simulatorUrl}${SIMULATOR_API.storeMedia(101, storeId)}`)).json(),
    );

  it('lists a file pushed to the store’s tag, and none for a store without the tag', async () => {
    await portal('post', MEDIA_PORTAL_API.addMediaFolders)
      .send({ companyId: 101, mediaFolderName: FOLDER, tagsList: [] })
      .expect(200);
    await portal('post', MEDIA_PORTAL_API.addTagFolder)
      .send({ companyId: 101, newTag: TAG })
      .expect(200);
    await portal('put', MEDIA_PORTAL_API.saveTagChanges)
      .send({ companyId: 101, storeId: 1, tags: [TAG] })
      .expect(200);
    await mediaServer('/companies').send({ directoryname: FOLDER }).expect(200);
    await mediaServer('/tag').send({ companyname: FOLDER, tagname: TAG }).expect(200);
    await mediaServer(`/mediaimage?dir=${FOLDER}`).attach('file', PNG, 'welcome.png').expect(200);

    // Before the push the store knows its tag and no file.
    const before = await eventually(
      () => storeMedia(1),
      (m) => m.media?.tags.includes(TAG) ?? false,
    );
    expect(before.media?.files).toEqual([]);

    await mediaServer('/mediafiles')
      .send({ directoryname: FOLDER, tag: TAG, files: ['welcome.png'] })
      .expect(200);
    const after = await eventually(
      () => storeMedia(1),
      (m) => (m.media?.files.length ?? 0) > 0,
    );
    expect(after.media?.files).toEqual([
      expect.objectContaining({ tag: TAG, filename: 'welcome.png' }),
    ]);
    expect((await storeMedia(2)).media?.files ?? []).toEqual([]);
  });
});
