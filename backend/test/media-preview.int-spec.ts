import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  APP,
  DEMO_FLEET,
  MEDIA_PORTAL_API,
  MEDIA_PREVIEW_API,
  mediaFolderNameOf,
  type Schedule,
  scheduleSchema,
  SIMULATOR_API,
  simulatedMediaSchema,
  storeMediaAtSchema,
} from '@store-cloud/contracts';
import request from 'supertest';
import { freePort } from '../../e2e/stack/ports';
import { scheduleStatus } from './media-schedules-api';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { PNG } from './fixtures';
import { type ChildServer, startMediaServer, startSimulator } from './processes';

// A demo fleet company, so the simulated stores show what the preview foretold.
const COMPANY = 101;
const FOLDER = mediaFolderNameOf(
  DEMO_FLEET.companies.find((c) => c.companyId === COMPANY)!.companyName,
  COMPANY,
);
const BASIC = { username: 'preview-basic@storecloud.test', password: 'Preview-Basic-Pass1' };
const NOAPP = { username: 'preview-noapp@storecloud.test', password: 'Preview-NoApp-Pass1' };
const OTHER = { username: 'preview-other@storecloud.test', password: 'Preview-Other-Pass1' };
const DAY = 24 * 3600_000;

/**
 * Schedule preview (issue 17 point 3) against the real media server and the real schedule
 * engine: what store 1 shows before, during and after a schedule, pending and active.
 */
describe('schedule preview: GET /portal/storemediaat', () => {
  let t: TestApp;
  let media: ChildServer | undefined;
  let simulator: ChildServer | undefined;
  let mediaPort: number;
  let dataDir: string;
  const tokens: Record<string, string> = {};

  const api = (method: 'get' | 'post' | 'put', url: string, who = 'admin') =>
    request(t.baseUrl)[method](url).set(ACCESS_TOKEN_HEADER, tokens[who]!);
  const mediaCall = (url: string) =>
    request(`http://127.0.0.1:${mediaPort}`).post(url).set(ACCESS_TOKEN_HEADER, tokens.admin!);
  const previewUrl = (at: number, store = 1, company = COMPANY) =>
    `${MEDIA_PREVIEW_API.storeMediaAt}?c=${company}&s=${store}&at=${encodeURIComponent(new Date(at).toISOString())}`;
  const preview = async (at: number, who = 'basic') =>
    storeMediaAtSchema.parse((await api('get', previewUrl(at), who).expect(200)).body);
  const shown = async (at: number) =>
    (await preview(at)).files.map((f) => [f.tag, f.filename, f.scheduleId]);
  const addSchedule = async (start: number, end: number, files: string[]): Promise<Schedule> =>
    scheduleSchema.parse(
      (
        await api('post', MEDIA_PORTAL_API.addSchedule, 'basic')
          .send({
            schedule: {
              companyId: COMPANY,
              destination: 'promo',
              startDate: new Date(start).toISOString(),
              endDate: new Date(end).toISOString(),
              files,
            },
          })
          .expect(200)
      ).body,
    );
  /** The files the simulated store shows (it polls GET /portal/storemedia). */
  const storeShows = async () =>
    (
      simulatedMediaSchema.parse(
        await (await fetch(`${simulator!.url}${SIMULATOR_API.storeMedia(COMPANY, 1)}`)).json(),
      ).media?.files ?? []
    ).map((f) => f.filename);
  const statusOf = (id: string) => scheduleStatus((url) => api('get', url), FOLDER, id);

  beforeAll(async () => {
    mediaPort = await freePort();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-preview-'));
    t = await createTestApp('media_preview', {
      config: { mediaServerUrl: `http://127.0.0.1:${mediaPort}` },
    });
    const access = (companyId: number) => ({
      all: false,
      companies: [{ companyId, companyName: 'x', stores: [] }],
    });
    await t.createUser({
      ...BASIC,
      applications: [APP.centralMediaServer],
      access: access(COMPANY),
    });
    await t.createUser({ ...NOAPP, applications: [], access: access(COMPANY) });
    await t.createUser({ ...OTHER, applications: [APP.centralMediaServer], access: access(8) });
    tokens.admin = await t.login(TEST_ADMIN);
    tokens.basic = await t.login(BASIC);
    tokens.noapp = await t.login(NOAPP);
    tokens.other = await t.login(OTHER);
    media = await startMediaServer({ backendUrl: t.baseUrl, dataDir, port: mediaPort });
    await media.ready;
    simulator = await startSimulator({
      backendUrl: t.baseUrl,
      pingIntervalMs: 1000,
      env: { MEDIA_POLL_INTERVAL_MS: '300', LOG_LEVEL: 'info' },
    });
    await simulator.ready;

    await api('post', MEDIA_PORTAL_API.addMediaFolders)
      .send({ companyId: COMPANY, mediaFolderName: FOLDER, tagsList: ['promo'] })
      .expect(200);
    await api('put', MEDIA_PORTAL_API.saveTagChanges)
      .send({ companyId: COMPANY, storeId: 1, tags: ['promo'] })
      .expect(200);
    // The backend made the company and tag folders on the media server: uploads go straight in.
    for (const name of ['a.png', 'b.png', 'c.png', 'd.png'])
      await mediaCall(`/mediaimage?dir=${FOLDER}`).attach('file', PNG, name).expect(200);
  }, 90_000);
  afterAll(async () => {
    await simulator?.stop();
    await media?.stop();
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('shows a schedule’s files from its start to its end, pending and then active, with the timeline', async () => {
    const now = Date.now();
    // Starts 10 s ahead: the pending checks below must run before it starts, on a loaded machine
    // too (four schedules saved there took over 3 s).
    const soon = await addSchedule(now + 10_000, now + 16_000, ['a.png']);
    const later = await addSchedule(now + 2 * DAY, now + 3 * DAY, ['b.png']);
    const overlapping = await addSchedule(now + 2.5 * DAY, now + 4 * DAY, ['c.png']);
    const beyond = await addSchedule(now + 20 * DAY, now + 21 * DAY, ['d.png']);

    // Pending: nothing before its start, its files during its window, nothing after its end.
    expect(await shown(now)).toEqual([]);
    const during = await preview(now + 13_000);
    expect(during.files).toEqual([
      {
        tag: 'promo',
        filename: 'a.png',
        url: expect.stringContaining(`/${FOLDER}/pending/a.png`),
        scheduleId: soon._id,
        until: soon.endDate,
      },
    ]);
    expect(await shown(now + 20_000)).toEqual([]);
    // Two schedules on one tag at once: both files, and the overlap in the timeline.
    expect(await shown(now + 2.75 * DAY)).toEqual([
      ['promo', 'b.png', later._id],
      ['promo', 'c.png', overlapping._id],
    ]);
    expect(during.timeline.map((s) => [s._id, s.status, s.overlapsWith])).toEqual([
      [soon._id, 'READY', []],
      [later._id, 'READY', [overlapping._id]],
      [overlapping._id, 'READY', [later._id]],
    ]);
    // A time beyond 14 days stretches the timeline to it.
    expect((await preview(now + 20.5 * DAY)).timeline.map((s) => s._id)).toContain(beyond._id);

    // Started: the file is in the tag folder now and stays until the schedule ends.
    await eventually(
      () => statusOf(soon._id),
      (s) => s === 'ACTIVE',
    );
    const active = await preview(Date.now());
    expect(active.files).toEqual([
      expect.objectContaining({
        filename: 'a.png',
        url: expect.stringContaining(`/${FOLDER}/tags/promo/a.png`),
        scheduleId: soon._id,
        until: soon.endDate,
      }),
    ]);
    expect(await shown(now + 20_000)).toEqual([]);
    // The simulated store shows what the preview foretold for its window.
    await eventually(storeShows, (files) => files.includes('a.png'));

    // Ended: gone now too, from the preview and from the store.
    await eventually(
      () => statusOf(soon._id),
      (s) => s === 'EXPIRED',
    );
    expect(await shown(Date.now())).toEqual([]);
    await eventually(storeShows, (files) => files.length === 0);
    expect((await preview(Date.now())).timeline.map((s) => s._id)).not.toContain(soon._id);
  });

  it('is for Central Media Server users of the company; bad input is a 400', async () => {
    const now = Date.now();
    await api('get', previewUrl(now), 'noapp').expect(403);
    await api('get', previewUrl(now), 'other').expect(403);
    await api('get', previewUrl(now, 99), 'basic').expect(404);
    // A store without tags shows nothing.
    const two = storeMediaAtSchema.parse(
      (await api('get', previewUrl(now, 2), 'basic').expect(200)).body,
    );
    expect(two).toMatchObject({ tags: [], files: [], timeline: [] });
    await api(
      'get',
      `${MEDIA_PREVIEW_API.storeMediaAt}?c=${COMPANY}&s=1&at=tomorrow`,
      'basic',
    ).expect(400);
    await api('get', `${MEDIA_PREVIEW_API.storeMediaAt}?c=${COMPANY}&s=1`, 'basic').expect(400);
  });
});
