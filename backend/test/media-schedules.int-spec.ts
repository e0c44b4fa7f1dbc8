import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  APP,
  MEDIA_MAX_HEIGHT,
  MEDIA_MAX_WIDTH,
  MEDIA_LIMIT,
  MEDIA_PORTAL_API,
  MEDIA_RULE_TEXT,
  MEDIA_SCHEDULE_QUEUE,
  MEDIA_TYPE_TAG_PARAM,
  MEDIA_VALIDATION_TEXT,
  mediaCompanySchema,
  mediaListResultSchema,
  scheduleSchema,
  STORE_SECRET_HEADER,
  storeMediaSchema,
} from '@store-cloud/contracts';
import { Queue } from 'bullmq';
import request from 'supertest';
import { IntegrationCompaniesRepository } from '../src/modules/companies/integration-companies.repository';
import { ScheduleEngine } from '../src/modules/media/schedule-engine.service';
import { SchedulesRepository } from '../src/modules/media/schedules.repository';
import { deriveTentacleSecret } from '../src/modules/tentacles/tentacle-secret';
import { addScheduleSoon, folderSchedules, scheduleStatus } from './media-schedules-api';
import { eventually } from './eventually';
import { createTestApp, TEST_ADMIN, TEST_TENTACLE_SECRET, type TestApp } from './create-app';
import { freePort } from '../../e2e/stack/ports';
import { connectAcmeFuels, PNG } from './fixtures';
import { type ChildServer, startMediaServer } from './processes';

const BASIC = { username: 'media-sched-basic@storecloud.test', password: 'Media-Basic-Pass1' };
const NOAPP = { username: 'media-sched-noapp@storecloud.test', password: 'Media-NoApp-Pass1' };
const OTHER = { username: 'media-sched-other@storecloud.test', password: 'Media-Other-Pass1' };
const COMPANY = 7;
const FOLDER = 'AcmeFuels-7';
const NAME = 'media_schedules';

describe('Central media: rules and the schedule engine against the real media server', () => {
  let t: TestApp;
  let media: ChildServer | undefined;
  let mediaPort: number;
  let dataDir: string;
  const tokens: Record<string, string> = {};

  const api = (method: 'get' | 'post' | 'put' | 'delete', url: string, who = 'admin') =>
    request(t.baseUrl)[method](url).set(ACCESS_TOKEN_HEADER, tokens[who]!);
  const mediaCall = (method: 'get' | 'post', url: string) =>
    request(`http://127.0.0.1:${mediaPort}`)[method](url).set(ACCESS_TOKEN_HEADER, tokens.admin!);
  const company = async () =>
    mediaCompanySchema.parse(
      (await api('get', MEDIA_PORTAL_API.mediaCompanies).expect(200)).body.find(
        (c: { companyId: number }) => c.companyId === COMPANY,
      ),
    );
  const files = async (list: 'pendingmedialist' | 'expiredmedialist' | 'tag') => {
    const url = list === 'tag' ? `/medialist?dir=${FOLDER}&tag=promo` : `/${list}?dir=${FOLDER}`;
    return mediaListResultSchema
      .parse((await mediaCall('get', url).expect(200)).body)
      .files.map((f) => f.filename)
      .sort();
  };
  const schedules = () => folderSchedules((url) => api('get', url), FOLDER);
  const statusOf = (id: string) => scheduleStatus((url) => api('get', url), FOLDER, id);

  async function startMedia() {
    media = await startMediaServer({ backendUrl: t.baseUrl, dataDir, port: mediaPort });
    await media.ready;
  }

  beforeAll(async () => {
    mediaPort = await freePort();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-sched-'));
    t = await createTestApp(NAME, { config: { mediaServerUrl: `http://127.0.0.1:${mediaPort}` } });
    await connectAcmeFuels(t.app);
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
    await startMedia();
  });
  afterAll(async () => {
    await media?.stop();
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers the media server parameters to media users only', async () => {
    const params = (await api('get', MEDIA_PORTAL_API.serverParams, 'basic').expect(200)).body;
    expect(params).toEqual(
      expect.arrayContaining([
        { name: 'MaxWidth', value: MEDIA_MAX_WIDTH },
        { name: 'MaxHeight', value: MEDIA_MAX_HEIGHT },
        expect.objectContaining({ name: MEDIA_TYPE_TAG_PARAM }),
      ]),
    );
    await api('get', MEDIA_PORTAL_API.serverParams, 'noapp').expect(403);
  });

  it('configures the company and its tags for administrators only, with the limits', async () => {
    const before = await company();
    expect(before).toMatchObject({ tagsList: [], mediaFileLimit: 20, tagLimit: 10 });
    expect(before.mediaFolderName).toBeUndefined();
    const add = { companyId: COMPANY, mediaFolderName: FOLDER, tagsList: [] };
    await api('post', MEDIA_PORTAL_API.addMediaFolders, 'basic').send(add).expect(403);
    await api('post', MEDIA_PORTAL_API.addMediaFolders)
      .send({ ...add, mediaFolderName: 'Wrong-7' })
      .expect(400);
    await api('post', MEDIA_PORTAL_API.addTagFolder)
      .send({ companyId: COMPANY, newTag: 'promo' })
      .expect(400);
    expect(await company()).toEqual(before);

    await api('post', MEDIA_PORTAL_API.addMediaFolders).send(add).expect(200);
    const again = await api('post', MEDIA_PORTAL_API.addMediaFolders).send(add).expect(409);
    expect(again.body.message).toBe(MEDIA_VALIDATION_TEXT.folderExists(FOLDER));

    await api('put', MEDIA_PORTAL_API.updateTagLimit, 'basic')
      .send({ companyId: COMPANY, newLimit: 2 })
      .expect(403);
    await api('put', MEDIA_PORTAL_API.updateTagLimit)
      .send({ companyId: COMPANY, newLimit: 0 })
      .expect(400);
    await api('put', MEDIA_PORTAL_API.updateTagLimit)
      .send({ companyId: COMPANY, newLimit: 2 })
      .expect(200);
    await api('put', MEDIA_PORTAL_API.updateMediaFileLimit)
      .send({ companyId: COMPANY, newLimit: 5 })
      .expect(200);

    for (const newTag of ['promo', 'fuel'])
      await api('post', MEDIA_PORTAL_API.addTagFolder)
        .send({ companyId: COMPANY, newTag })
        .expect(200);
    const dup = await api('post', MEDIA_PORTAL_API.addTagFolder).send({
      companyId: COMPANY,
      newTag: 'promo',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(MEDIA_VALIDATION_TEXT.tagFolderExists('promo'));
    const max = await api('post', MEDIA_PORTAL_API.addTagFolder).send({
      companyId: COMPANY,
      newTag: 'third',
    });
    expect(max.status).toBe(400);
    expect(max.body.message).toBe(MEDIA_VALIDATION_TEXT.maxTagFolders(2));
    await api('post', MEDIA_PORTAL_API.addTagFolder)
      .send({ companyId: COMPANY, newTag: '../x' })
      .expect(400);
    const dot = await api('post', MEDIA_PORTAL_API.addTagFolder)
      .send({ companyId: COMPANY, newTag: '.hidden' })
      .expect(400);
    expect(dot.body.message).toContain(MEDIA_RULE_TEXT.nameStartsWithDot('tag folder name'));
    // A limit below the tags present, or not a whole number in range, changes nothing.
    const below = await api('put', MEDIA_PORTAL_API.updateTagLimit)
      .send({ companyId: COMPANY, newLimit: 1 })
      .expect(400);
    expect(below.body.message).toBe(MEDIA_RULE_TEXT.tagLimitBelowTags(2));
    for (const newLimit of [-5, 2.5, 200_000, '1e3']) {
      const bad = await api('put', MEDIA_PORTAL_API.updateMediaFileLimit)
        .send({ companyId: COMPANY, newLimit })
        .expect(400);
      expect(bad.body.message).toContain(
        MEDIA_RULE_TEXT.limitRange(
          MEDIA_LIMIT.mediaFileLimit.label,
          MEDIA_LIMIT.mediaFileLimit.max,
        ),
      );
    }
    expect(await company()).toMatchObject({
      mediaFolderName: FOLDER,
      tagsList: ['promo', 'fuel'],
      mediaFileLimit: 5,
      tagLimit: 2,
    });

    // The backend made the folders on the media server: uploads go straight in.
    for (const name of ['a.png', 'b.png', 'c.png', 'd.png'])
      await mediaCall('post', `/mediaimage?dir=${FOLDER}`).attach('file', PNG, name).expect(200);
  });

  it('saves store tags for users of the company only, with known tags only', async () => {
    const save = { companyId: COMPANY, storeId: 1, tags: ['promo'] };
    await api('put', MEDIA_PORTAL_API.saveTagChanges, 'other').send(save).expect(403);
    await api('put', MEDIA_PORTAL_API.saveTagChanges, 'noapp').send(save).expect(403);
    await api('put', MEDIA_PORTAL_API.saveTagChanges, 'basic')
      .send({ ...save, tags: ['nope'] })
      .expect(400);
    await api('put', MEDIA_PORTAL_API.saveTagChanges, 'basic')
      .send({ ...save, storeId: 99 })
      .expect(404);
    expect((await company()).stores.every((s) => s.tags.length === 0)).toBe(true);
    await api('put', MEDIA_PORTAL_API.saveTagChanges, 'basic').send(save).expect(200);
    expect((await company()).stores.find((s) => s.storeId === 1)?.tags).toEqual(['promo']);
  });

  it('refuses bad schedules and keeps the edit rules of each status', async () => {
    const start = new Date(Date.now() + 3600_000).toISOString();
    const end = new Date(Date.now() + 7200_000).toISOString();
    const base = {
      companyId: COMPANY,
      destination: 'promo',
      startDate: start,
      endDate: end,
      files: ['a.png'],
    };
    const bad = await api('post', MEDIA_PORTAL_API.addSchedule, 'basic')
      .send({ schedule: { ...base, endDate: start } })
      .expect(400);
    expect(bad.body.message).toContain(MEDIA_VALIDATION_TEXT.endAfterStart);
    const noFiles = await api('post', MEDIA_PORTAL_API.addSchedule, 'basic').send({
      schedule: { ...base, files: [] },
    });
    expect(noFiles.body.message).toContain(MEDIA_VALIDATION_TEXT.noFilesForSchedule);
    await api('post', MEDIA_PORTAL_API.addSchedule, 'basic')
      .send({ schedule: { ...base, destination: 'nope' } })
      .expect(400);
    const past = await api('post', MEDIA_PORTAL_API.addSchedule, 'basic')
      .send({
        schedule: {
          ...base,
          startDate: '2020-01-01T10:00:00.000Z',
          endDate: '2020-01-02T10:00:00.000Z',
        },
      })
      .expect(400);
    expect(past.body.message).toContain(MEDIA_RULE_TEXT.endInPast);
    await api('post', MEDIA_PORTAL_API.addSchedule, 'other').send({ schedule: base }).expect(403);
    expect(await schedules()).toEqual([]);

    const created = scheduleSchema.parse(
      (
        await api('post', MEDIA_PORTAL_API.addSchedule, 'basic')
          .send({ schedule: base })
          .expect(200)
      ).body,
    );
    expect(created).toMatchObject({
      status: 'READY',
      author: BASIC.username,
      mediaFolderName: FOLDER,
    });
    await api('post', MEDIA_PORTAL_API.addSchedule, 'basic').send({ schedule: base }).expect(409);

    const removal = await api('put', MEDIA_PORTAL_API.removeTagFolder).send({
      companyId: COMPANY,
      removeTag: 'promo',
    });
    expect(removal.status).toBe(409);
    expect(removal.body.message).toBe(MEDIA_VALIDATION_TEXT.tagHasActiveSchedules);
    expect((await company()).tagsList).toContain('promo');

    const edited = scheduleSchema.parse(
      (
        await api('put', MEDIA_PORTAL_API.updateSchedule)
          .send({ schedule: { ...base, _id: created._id, destination: 'fuel' } })
          .expect(200)
      ).body,
    );
    expect(edited).toMatchObject({ destination: 'fuel', author: TEST_ADMIN.username });
    // 'fuel' has no stores but an open schedule now: 'promo' can go, 'fuel' cannot.
    await api('put', MEDIA_PORTAL_API.removeTagFolder)
      .send({ companyId: COMPANY, removeTag: 'fuel' })
      .expect(409);

    await api('delete', `${MEDIA_PORTAL_API.schedule}?id=${created._id}`, 'other').expect(403);
    await api('delete', `${MEDIA_PORTAL_API.schedule}?id=${created._id}`, 'basic').expect(200);
    expect(await schedules()).toEqual([]);
    await api('put', MEDIA_PORTAL_API.removeTagFolder)
      .send({ companyId: COMPANY, removeTag: 'fuel' })
      .expect(200);
    expect((await company()).tagsList).toEqual(['promo']);
  });

  const addSoon = (files: string[]) =>
    addScheduleSoon(
      (url) => api('post', url, 'basic'),
      { companyId: COMPANY, destination: 'promo', files },
      2000,
      4000,
    );

  it('moves the files into the tag at start and to expired at end; only the end of an active one changes', async () => {
    const s = await addSoon(['a.png']);
    await eventually(
      () => statusOf(s._id),
      (status) => status === 'ACTIVE',
    );
    expect(await files('tag')).toEqual(['a.png']);
    expect(await files('pendingmedialist')).not.toContain('a.png');

    const secret = deriveTentacleSecret(TEST_TENTACLE_SECRET, COMPANY, 1);
    const storeMedia = storeMediaSchema.parse(
      (
        await request(t.baseUrl)
          .get(`${MEDIA_PORTAL_API.storeMedia}?c=${COMPANY}&s=1`)
          .set(STORE_SECRET_HEADER, secret)
          .expect(200)
      ).body,
    );
    expect(storeMedia.files.map((f) => f.filename)).toEqual(['a.png']);
    await request(t.baseUrl)
      .get(`${MEDIA_PORTAL_API.storeMedia}?c=${COMPANY}&s=2`)
      .set(STORE_SECRET_HEADER, secret)
      .expect(401);

    const edit = {
      companyId: COMPANY,
      destination: 'promo',
      startDate: s.startDate,
      endDate: s.endDate,
      files: s.files,
      _id: s._id,
    };
    await api('put', MEDIA_PORTAL_API.updateSchedule, 'basic')
      .send({ schedule: { ...edit, files: ['b.png'] } })
      .expect(409);
    await api('put', MEDIA_PORTAL_API.updateSchedule, 'basic')
      .send({ schedule: { ...edit, endDate: new Date(Date.now() + 1500).toISOString() } })
      .expect(200);

    await eventually(
      () => statusOf(s._id),
      (status) => status === 'EXPIRED',
    );
    expect(await files('tag')).toEqual([]);
    expect(await files('expiredmedialist')).toEqual(['a.png']);
    await api('put', MEDIA_PORTAL_API.updateSchedule, 'basic')
      .send({ schedule: { ...edit, endDate: new Date(Date.now() + 9e6).toISOString() } })
      .expect(409);
  });

  it('runs a schedule across a backend restart, even with its jobs lost meanwhile', async () => {
    const s = await addSoon(['b.png', 'c.png']);
    // Stop the backend (keeping its database and Redis), lose the queued jobs, let the start pass.
    await media?.stop();
    await t.app.close();
    const queue = new Queue(MEDIA_SCHEDULE_QUEUE, {
      connection: { url: t.config.redisUrl },
      prefix: `${t.config.redisPrefix}:bull`,
    });
    await queue.obliterate({ force: true });
    await queue.close();
    await eventually(async () => Date.now() > Date.parse(s.startDate) + 100, Boolean);

    t = await createTestApp(NAME, {
      seed: false,
      config: { mediaServerUrl: `http://127.0.0.1:${mediaPort}` },
    });
    await startMedia();
    await eventually(
      () => statusOf(s._id),
      (status) => status === 'EXPIRED',
      30_000,
    );
    expect(await files('expiredmedialist')).toEqual(['a.png', 'b.png', 'c.png']);
    expect(await files('pendingmedialist')).toEqual(['d.png']);
  }, 60_000);

  it('expires an active schedule after a restart between its start and end', async () => {
    const s = await addSoon(['d.png']);
    await eventually(
      () => statusOf(s._id),
      (status) => status === 'ACTIVE',
    );
    await t.app.close();
    t = await createTestApp(NAME, {
      seed: false,
      config: { mediaServerUrl: `http://127.0.0.1:${mediaPort}` },
    });
    // The media server still asks the old backend address: restart it against the new one.
    await media?.stop();
    await startMedia();
    await eventually(
      () => statusOf(s._id),
      (status) => status === 'EXPIRED',
      30_000,
    );
    expect(await files('expiredmedialist')).toEqual(['a.png', 'b.png', 'c.png', 'd.png']);
  }, 60_000);
  it('rests the schedules of a removed company and runs them once it is added again', async () => {
    await mediaCall('post', `/mediaimage?dir=${FOLDER}`).attach('file', PNG, 'e.png').expect(200);
    const s = await addSoon(['e.png']);
    const companies = t.app.get(IntegrationCompaniesRepository);
    await companies.remove([COMPANY]);
    await eventually(async () => Date.now() > Date.parse(s.endDate) + 1500, Boolean);
    // Its jobs came due while it was removed: nothing moved.
    expect(await t.app.get(ScheduleEngine).reconcile()).toBe(0);
    expect((await t.app.get(SchedulesRepository).findById(s._id))?.status).toBe('READY');

    expect(await companies.restore(COMPANY)).toBeTruthy();
    expect(await t.app.get(ScheduleEngine).reconcile()).toBeGreaterThan(0);
    await eventually(
      () => statusOf(s._id),
      (status) => status === 'EXPIRED',
    );
    expect(await files('expiredmedialist')).toContain('e.png');
  }, 30_000);
});
