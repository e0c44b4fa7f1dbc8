import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  BULK_ACTIONS_API,
  BULK_STORE_STATE,
  type BulkAction,
  bulkActionPageSchema,
  bulkActionSchema,
  DEMO_FLEET,
  MEDIA_APPLIED_TEXT,
  MEDIA_PORTAL_API,
  mediaFolderNameOf,
  SIMULATOR_API,
} from '@store-cloud/contracts';
import request from 'supertest';
import { freePort } from '../../e2e/stack/ports';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { PNG } from './fixtures';
import { addScheduleSoon } from './media-schedules-api';
import { type ChildServer, startMediaServer, startSimulator, withOutputOf } from './processes';

const COMPANY = DEMO_FLEET.companies.find((c) => c.companyId === 101)!;
const FOLDER = mediaFolderNameOf(COMPANY.companyName, COMPANY.companyId);
const TAG = 'pushanswers';
const FILE = 'answer.png';
const REFUSAL = 'Disk full on the player';

/**
 * Issue 32 item 4: a schedule push reaches "acknowledged" in the bulk actions grid when the store
 * (the real simulator) has taken its file moves, and "failed" with the store's reason when it
 * refused them; the real backend, media server, FerretDB and Redis.
 */
describe('schedule push answered by the stores', () => {
  let t: TestApp;
  let admin: string;
  let dataDir: string;
  const children: ChildServer[] = [];

  beforeAll(async () => {
    const mediaPort = await freePort();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'push-answers-'));
    t = await createTestApp('schedule_push_answers', {
      config: { mediaServerUrl: `http://127.0.0.1:${mediaPort}` },
    });
    admin = await t.login(TEST_ADMIN);
    const media = await startMediaServer({ backendUrl: t.baseUrl, dataDir, port: mediaPort });
    children.push(media);
    await media.ready;
    await api('post', MEDIA_PORTAL_API.addMediaFolders)
      .send({ companyId: 101, mediaFolderName: FOLDER, tagsList: [] })
      .expect(200);
    await api('post', MEDIA_PORTAL_API.addTagFolder)
      .send({ companyId: 101, newTag: TAG })
      .expect(200);
    for (const storeId of [1, 2])
      await api('put', MEDIA_PORTAL_API.saveTagChanges)
        .send({ companyId: 101, storeId, tags: [TAG] })
        .expect(200);
    await request(`http://127.0.0.1:${mediaPort}`)
      .post(`/mediaimage?dir=${FOLDER}`)
      .set(ACCESS_TOKEN_HEADER, admin)
      .attach('file', PNG, FILE)
      .expect(200);
  });
  afterAll(async () => {
    for (const child of children.reverse()) await child.stop();
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  function api(method: 'get' | 'post' | 'put', url: string) {
    return request(t.baseUrl)[method](url).set(ACCESS_TOKEN_HEADER, admin);
  }
  const pushes = async () =>
    bulkActionPageSchema.parse(
      (await api('get', `${BULK_ACTIONS_API.actions}?kind=schedulePush`).expect(200)).body,
    ).items;
  const grid = async (id: string): Promise<BulkAction> =>
    bulkActionSchema.parse((await api('get', BULK_ACTIONS_API.action(id)).expect(200)).body);

  it('marks the push acknowledged where the store took it, failed with its reason where not', async () => {
    const simulator = await startSimulator({
      backendUrl: t.baseUrl,
      pingIntervalMs: 1000,
      env: { MEDIA_POLL_INTERVAL_MS: '300', LOG_LEVEL: 'info' },
    });
    children.push(simulator);
    await simulator.ready;
    const refuse = await fetch(`${simulator.url}${SIMULATOR_API.storeMediaFail(101, 2)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: REFUSAL }),
    });
    expect(refuse.status).toBe(200);

    await addScheduleSoon(
      (url) => api('post', url),
      { companyId: 101, destination: TAG, files: [FILE] },
      500,
      3600_000,
    );
    const [push] = await withOutputOf(
      simulator,
      eventually(pushes, (items) => items.length === 1, 60_000),
    );
    const settled = await withOutputOf(
      simulator,
      eventually(
        () => grid(push!.id),
        (a) => a.results.every((r) => r.state !== BULK_STORE_STATE.delivered),
        // A store that took the move before the push was recorded answers again within a minute.
        90_000,
      ),
    );
    expect(settled.results.map((r) => [r.storeId, r.state, r.reason])).toEqual([
      [1, BULK_STORE_STATE.acknowledged, null],
      [2, BULK_STORE_STATE.failed, MEDIA_APPLIED_TEXT.notApplied([FILE], REFUSAL)],
    ]);
  }, 300_000);
});
