import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_HEADER,
  APP,
  DEMO_FLEET,
  MEDIA_PORTAL_API,
  mediaFolderNameOf,
  PROOF_OF_PLAY_API,
  PROOF_OF_PLAY_SOCKET,
  type ProofOfPlayRollup,
  proofOfPlayRollupSchema,
  scheduleRollupSchema,
  SIMULATOR_API,
  type SimulatedPlays,
  simulatedPlaysSchema,
  simulatorPlaysPath,
  USER_TYPE,
} from '@store-cloud/contracts';
import request from 'supertest';
import { freePort } from '../../e2e/stack/ports';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { PNG } from './fixtures';
import { addScheduleSoon } from './media-schedules-api';
import { type ChildServer, startMediaServer, startSimulator, withOutputOf } from './processes';
import { connected, openTentacle } from './sockets';
import { ProofOfPlayService } from '../src/modules/proof-of-play';
import { ProofOfPlayRepository } from '../src/modules/proof-of-play/proof-of-play.repository';
import { rollupIncrements } from '../src/modules/proof-of-play/rollup-increments';

const COMPANY = DEMO_FLEET.companies.find((c) => c.companyId === 101)!;
const FOLDER = mediaFolderNameOf(COMPANY.companyName, COMPANY.companyId);
const TAG = 'popscreens';
const FILE = 'welcome.png';
const NOAPP = { username: 'pop-noapp@storecloud.test', password: 'Pop-NoApp-Pass-1' };

const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 32 item 1: the simulator's reference player plays what a schedule put on its store and
 * reports the plays over its socket; the cloud counts each batch once, also the ones a store
 * kept through being offline and a restart, and answers the roll-ups.
 */
describe('proof of play with the real simulator and media server', () => {
  let t: TestApp;
  let mediaUrl: string;
  let simulator: ChildServer;
  let dataDir: string;
  let outboxDir: string;
  let admin: string;
  let scheduleId: string;
  const children: ChildServer[] = [];

  const startPlayingSimulator = async () => {
    const sim = await startSimulator({
      backendUrl: t.baseUrl,
      pingIntervalMs: 1000,
      env: {
        MEDIA_POLL_INTERVAL_MS: '300',
        PLAYER_REPORT_INTERVAL_MS: '200',
        PLAYER_PLAY_MS: '50',
        PLAYER_OUTBOX_DIR: outboxDir,
        LOG_LEVEL: 'info',
      },
    });
    children.push(sim);
    await sim.ready;
    return sim;
  };

  beforeAll(async () => {
    const mediaPort = await freePort();
    mediaUrl = `http://127.0.0.1:${mediaPort}`;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pop-media-'));
    outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pop-outbox-'));
    t = await createTestApp('proof_of_play', { config: { mediaServerUrl: mediaUrl } });
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
    await api('put', MEDIA_PORTAL_API.saveTagChanges)
      .send({ companyId: 101, storeId: 1, tags: [TAG] })
      .expect(200);
    await request(mediaUrl)
      .post(`/mediaimage?dir=${FOLDER}`)
      .set(ACCESS_TOKEN_HEADER, admin)
      .attach('file', PNG, FILE)
      .expect(200);
    scheduleId = (
      await addScheduleSoon(
        (url) => api('post', url),
        { companyId: 101, destination: TAG, files: [FILE] },
        500,
        3600_000,
      )
    )._id;
    simulator = await startPlayingSimulator();
  });
  afterAll(async () => {
    for (const child of children.reverse()) await child.stop();
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(outboxDir, { recursive: true, force: true });
  });

  function api(method: 'get' | 'post' | 'put', url: string, token = admin) {
    return request(t.baseUrl)[method](url).set(ACCESS_TOKEN_HEADER, token);
  }
  const rollup = async (query: Record<string, string | number>): Promise<ProofOfPlayRollup> =>
    proofOfPlayRollupSchema.parse(
      (
        await api(
          'get',
          `${PROOF_OF_PLAY_API.rollup}?${new URLSearchParams({ companyId: '101', from: day(-1), to: day(1), ...query } as Record<string, string>)}`,
        ).expect(200)
      ).body,
    );
  const storePlays = async (companyId = 101) =>
    (await rollup({ companyId, dimension: 'store', storeId: 1 })).plays;
  const simulated = async (): Promise<SimulatedPlays> =>
    simulatedPlaysSchema.parse(
      await (await fetch(`${simulator.url}${simulatorPlaysPath(101, 1)}`)).json(),
    );

  it('counts the plays of the scheduled file per file, tag, store, day and schedule', async () => {
    const byFile = await withOutputOf(
      simulator,
      eventually(
        () => rollup({ dimension: 'file' }),
        (r) => r.plays >= 10,
      ),
    );
    expect(byFile.rows).toEqual([
      expect.objectContaining({ label: FILE, plays: byFile.plays, durationMs: byFile.plays * 50 }),
    ]);
    const byTag = await rollup({ dimension: 'tag' });
    expect(byTag.rows.map((r) => r.label)).toEqual([TAG]);
    expect(byTag.plays).toBeGreaterThanOrEqual(byFile.plays);
    const byDay = await rollup({ dimension: 'day', tag: TAG });
    expect(byDay.rows.map((r) => r.key)).toContain(day());
    expect((await rollup({ dimension: 'file', tag: 'elsewhere' })).rows).toEqual([]);

    const schedules = scheduleRollupSchema.parse(
      (await api('get', `${PROOF_OF_PLAY_API.schedules}?companyId=101`).expect(200)).body,
    );
    expect(schedules).toEqual([expect.objectContaining({ scheduleId, plays: expect.any(Number) })]);
    expect(schedules[0]!.plays).toBeGreaterThan(0);

    const csv = await api(
      'get',
      `${PROOF_OF_PLAY_API.export}?companyId=101&from=${day(-1)}&to=${day(1)}&dimension=file`,
    ).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe('File,key,plays,playSeconds');
    expect(csv.text).toContain(`${FILE},`);
  });

  it('takes the plays a store kept while offline and through a restart, each once', async () => {
    await fetch(`${simulator.url}${SIMULATOR_API.storeOffline(101, 1)}`, { method: 'POST' });
    const offline = await eventually(simulated, (s) => s.pendingPlays >= 20);

    // The store restarts while it holds them (its outbox is on its disk); it comes back online.
    await simulator.stop();
    simulator = await startPlayingSimulator();
    await withOutputOf(
      simulator,
      eventually(simulated, (s) => s.acknowledged >= offline.recorded),
    );
    const before = await simulated();
    const counted = await storePlays();
    const after = await simulated();
    // Every play up to the restart arrived, and none twice.
    expect(before.acknowledged).toBeGreaterThanOrEqual(offline.recorded);
    expect(counted).toBeGreaterThanOrEqual(before.acknowledged);
    expect(counted).toBeLessThanOrEqual(after.recorded);
  });

  it('counts a batch sent twice (its acknowledgement lost) once', async () => {
    const store = openTentacle(t.baseUrl, { company: 303, store: 1, tentacleVersion: '1.0.0' });
    await connected(store);
    const batch = {
      batchId: randomUUID(),
      plays: Array.from({ length: 7 }, (_, i) => ({
        mediaId: 'media-303',
        file: 'lobby.mp4',
        tag: 'lobby',
        screen: 'Screen 2',
        startedAt: new Date(Date.now() - i * 15_000).toISOString(),
        durationMs: 15_000,
      })),
    };
    try {
      expect(await store.emitWithAck(PROOF_OF_PLAY_SOCKET.playsEvent, batch)).toEqual({ ok: true });
      expect(await store.emitWithAck(PROOF_OF_PLAY_SOCKET.playsEvent, batch)).toEqual({ ok: true });
      expect(
        await store.emitWithAck(PROOF_OF_PLAY_SOCKET.playsEvent, { batchId: 'x', plays: [] }),
      ).toEqual({ ok: false });
    } finally {
      store.close();
    }
    const r = await rollup({ companyId: 303, dimension: 'file' });
    expect(r.rows).toEqual([
      { key: 'media-303', label: 'lobby.mp4', plays: 7, durationMs: 7 * 15_000 },
    ]);
  });

  it('applies a batch a crash left recorded and half counted, once (the sweep)', async () => {
    const repository = t.app.get(ProofOfPlayRepository);
    const plays = Array.from({ length: 4 }, (_, i) => ({
      mediaId: 'media-202',
      file: 'pump.jpg',
      tag: 'forecourt',
      screen: 'Screen 1',
      startedAt: new Date(Date.now() - i * 10_000).toISOString(),
      durationMs: 10_000,
    }));
    const batch = { id: `202:1:${randomUUID()}`, companyId: 202, storeId: 1, plays };
    // Recorded a minute ago; the process died after the first roll-up document.
    await repository.recordBatch(batch, new Date(Date.now() - 60_000));
    await repository.applyIncrements(batch.id, rollupIncrements(202, 1, plays).slice(0, 1));

    const service = t.app.get(ProofOfPlayService);
    expect(await service.sweep()).toBe(1);
    expect(await service.sweep()).toBe(0);
    for (const dimension of ['file', 'tag', 'store', 'day'])
      expect((await rollup({ companyId: 202, dimension })).plays).toBe(4);
  });

  it('shows plays only to media users of the company', async () => {
    await t.createUser({
      ...NOAPP,
      usertype: USER_TYPE.ADMIN,
      access: { all: true, companies: [] },
      applications: [APP.messageManager],
    });
    const noApp = await t.login(NOAPP);
    await api(
      'get',
      `${PROOF_OF_PLAY_API.rollup}?companyId=101&from=${day()}&to=${day()}`,
      noApp,
    ).expect(403);
    await api(
      'get',
      `${PROOF_OF_PLAY_API.rollup}?companyId=101&from=${day()}&to=${day(-1)}`,
    ).expect(400);
  });
});
