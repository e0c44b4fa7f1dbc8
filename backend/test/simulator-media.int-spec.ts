import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  DEMO_FLEET,
  MEDIA_PORTAL_API,
  mediaFolderNameOf,
  SIMULATOR_API,
  type SimulatedMedia,
  simulatedMediaSchema,
} from '@store-cloud/contracts';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { freePort } from '../../e2e/stack/ports';
import { eventually } from './eventually';
import { PNG } from './fixtures';
import { type ChildServer, startMediaServer, startSimulator } from './processes';

const COMPANY = DEMO_FLEET.companies.find((c) => c.companyId === 101)!;
const FOLDER = mediaFolderNameOf(COMPANY.companyName, COMPANY.companyId);
const TAG = 'simpromo';

const children: ChildServer[] = [];

/** Issue 7: a simulated store fetches its active media; a file pushed to its tag shows up. */
describe('the active media of a simulated store', () => {
  let t: TestApp;
  let mediaUrl: string;
  let simulatorUrl: string;
  let dataDir: string;
  let admin: string;

  beforeAll(async () => {
    const mediaPort = await freePort();
    mediaUrl = `http://127.0.0.1:${mediaPort}`;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-media-'));
    t = await createTestApp('simulator_media', { config: { mediaServerUrl: mediaUrl } });
    admin = await t.login(TEST_ADMIN);
    const media = await startMediaServer({ backendUrl: t.baseUrl, dataDir, port: mediaPort });
    children.push(media);
    await media.ready;
    const simulator = await startSimulator({
      backendUrl: t.baseUrl,
      pingIntervalMs: 1000,
      env: { MEDIA_POLL_INTERVAL_MS: '300', LOG_LEVEL: 'info' },
    });
    children.push(simulator);
    simulatorUrl = simulator.url;
    await simulator.ready;
  });
  afterAll(async () => {
    // Also the ones whose start did not finish.
    for (const child of children.reverse()) await child.stop();
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
