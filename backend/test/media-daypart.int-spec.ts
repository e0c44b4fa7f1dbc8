import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  ACCESS_TOKEN_HEADER,
  APP,
  DAYPART_TEXT,
  DEMO_FLEET,
  MEDIA_PORTAL_API,
  MEDIA_PREVIEW_API,
  MEDIA_SCHEDULE_QUEUE,
  mediaFolderNameOf,
  mediaListResultSchema,
  type RepeatFields,
  scheduleSchema,
  SIMULATOR_API,
  simulatedMediaSchema,
  storeMediaAtSchema,
} from '@store-cloud/contracts';
import { Queue } from 'bullmq';
import { type Connection, Types } from 'mongoose';
import request from 'supertest';
import { freePort } from '../../e2e/stack/ports';
import { movableClock } from './alerts-support';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { PNG } from './fixtures';
import { scheduleStatus } from './media-schedules-api';
import { ScheduleEngine } from '../src/modules/media/schedule-engine.service';
import { type ChildServer, startMediaServer, startSimulator } from './processes';

// A demo fleet company, so the simulated store 1 shows what the tag folder holds.
const COMPANY = 101;
const FOLDER = mediaFolderNameOf(
  DEMO_FLEET.companies.find((c) => c.companyId === COMPANY)!.companyName,
  COMPANY,
);
const BASIC = { username: 'daypart-basic@storecloud.test', password: 'Daypart-Basic-Pass1' };
const iso = (s: string) => new Date(s).toISOString();

/**
 * Dayparting (issue 32 item 2) against the real media server, the real schedule engine and the
 * real simulator, on the platform Clock moved by the test: a repeating schedule's files go into
 * the tag at each window's start and back out at its end, at the stores' local hours on both
 * sides of Berlin's spring DST change (28 March 2027, 02:00 CET -> 03:00 CEST).
 */
describe('dayparting: repeating schedules', () => {
  let t: TestApp;
  let media: ChildServer | undefined;
  let simulator: ChildServer | undefined;
  let mediaPort: number;
  let dataDir: string;
  let queue: Queue;
  let token = '';
  const clock = movableClock();

  const api = (method: 'get' | 'post' | 'put' | 'delete', url: string) =>
    request(t.baseUrl)[method](url).set(ACCESS_TOKEN_HEADER, token);
  const listing = async (url: string) =>
    mediaListResultSchema
      .parse(
        (
          await request(`http://127.0.0.1:${mediaPort}`)
            .get(url)
            .set(ACCESS_TOKEN_HEADER, token)
            .expect(200)
        ).body,
      )
      .files.map((f) => f.filename)
      .sort();
  const inTag = () => listing(`/medialist?dir=${FOLDER}&tag=promo`);
  const storeShows = async () =>
    (
      simulatedMediaSchema.parse(
        await (await fetch(`${simulator!.url}${SIMULATOR_API.storeMedia(COMPANY, 1)}`)).json(),
      ).media?.files ?? []
    ).map((f) => f.filename);
  const statusOf = (id: string) => scheduleStatus((url) => api('get', url), FOLDER, id);
  const addRepeating = (
    startDate: string,
    endDate: string,
    files: string[],
    repeat: RepeatFields,
  ) =>
    api('post', MEDIA_PORTAL_API.addSchedule).send({
      schedule: { companyId: COMPANY, destination: 'promo', startDate, endDate, files, repeat },
    });

  /**
   * Moves the platform Clock to `at`; the delayed edge jobs come due as they would have on a real
   * clock (BullMQ counts its delays in real time).
   */
  async function moveTo(at: string) {
    clock.forward(Date.parse(at) - clock.now().getTime());
    for (const job of await queue.getDelayed()) {
      const edge = (job.data as { edge?: number }).edge;
      if (edge !== undefined) await job.changeDelay(Math.max(0, edge - clock.now().getTime()));
    }
  }
  const masterData = (collection: string) =>
    t.app.get<Connection>(getConnectionToken()).collection(collection);

  beforeAll(async () => {
    mediaPort = await freePort();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-daypart-'));
    t = await createTestApp('media_daypart', {
      config: { mediaServerUrl: `http://127.0.0.1:${mediaPort}` },
    });
    queue = new Queue(MEDIA_SCHEDULE_QUEUE, {
      connection: { url: t.config.redisUrl },
      prefix: `${t.config.redisPrefix}:bull`,
    });
    await t.createUser({
      ...BASIC,
      applications: [APP.centralMediaServer],
      access: { all: false, companies: [{ companyId: COMPANY, companyName: 'x', stores: [] }] },
    });
    // Signed in at the real time: a login prunes its user's sessions expired by the Clock's.
    token = await t.login(BASIC);
    const admin = await t.login(TEST_ADMIN);
    // Saturday 27 March 2027, 07:00 in Berlin.
    await moveTo('2027-03-27T06:00:00Z');
    media = await startMediaServer({ backendUrl: t.baseUrl, dataDir, port: mediaPort });
    await media.ready;
    simulator = await startSimulator({
      backendUrl: t.baseUrl,
      pingIntervalMs: 1000,
      env: { MEDIA_POLL_INTERVAL_MS: '300', LOG_LEVEL: 'info' },
    });
    await simulator.ready;
    await request(t.baseUrl)
      .post(MEDIA_PORTAL_API.addMediaFolders)
      .set(ACCESS_TOKEN_HEADER, admin)
      .send({ companyId: COMPANY, mediaFolderName: FOLDER, tagsList: ['promo'] })
      .expect(200);
    await api('put', MEDIA_PORTAL_API.saveTagChanges)
      .send({ companyId: COMPANY, storeId: 1, tags: ['promo'] })
      .expect(200);
    // Master data: the company's stores are in Berlin; store 2 names Tokyo as its own.
    await masterData('cloudcompanies').updateOne(
      { companyId: COMPANY },
      { $set: { timeZone: 'Europe/Berlin' } },
    );
    await masterData('retailstores').updateOne(
      { companyId: COMPANY, storeId: 2 },
      { $set: { timeZone: 'Asia/Tokyo' } },
    );
    for (const name of ['a.png', 'b.png'])
      await request(`http://127.0.0.1:${mediaPort}`)
        .post(`/mediaimage?dir=${FOLDER}`)
        .set(ACCESS_TOKEN_HEADER, admin)
        .attach('file', PNG, name)
        .expect(200);
  }, 90_000);
  afterAll(async () => {
    clock.restore();
    await queue?.close();
    await simulator?.stop();
    await media?.stop();
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('refuses overlapping dayparts on one tag, and a tag whose stores are in two time zones', async () => {
    const april = ['2027-04-05T00:00:00Z', '2027-04-19T00:00:00Z'] as const;
    const first = scheduleSchema.parse(
      (
        await addRepeating(...april, ['a.png'], {
          weekdays: ['MO', 'WE'],
          startTime: '09:00',
          endTime: '11:00',
        }).expect(200)
      ).body,
    );
    expect(first.repeat).toEqual({
      weekdays: ['MO', 'WE'],
      startTime: '09:00',
      endTime: '11:00',
      timeZone: 'Europe/Berlin',
    });
    const overlap = await addRepeating(...april, ['b.png'], {
      weekdays: ['WE'],
      startTime: '10:30',
      endTime: '12:00',
    }).expect(400);
    expect(overlap.body.message).toBe(
      DAYPART_TEXT.overlap('promo', 'Mon, Wed 09:00–11:00 Europe/Berlin'),
    );
    // Windows that only touch are no overlap.
    const touching = scheduleSchema.parse(
      (
        await addRepeating(...april, ['b.png'], {
          weekdays: ['WE'],
          startTime: '11:00',
          endTime: '12:00',
        }).expect(200)
      ).body,
    );
    await api('delete', `${MEDIA_PORTAL_API.schedule}?id=${touching._id}`).expect(200);
    const none = await addRepeating('2027-04-06T00:00:00Z', '2027-04-07T00:00:00Z', ['b.png'], {
      weekdays: ['SU'],
      startTime: '09:00',
      endTime: '10:00',
    }).expect(400);
    expect(none.body.message).toBe(DAYPART_TEXT.noWindow);

    await api('put', MEDIA_PORTAL_API.saveTagChanges)
      .send({ companyId: COMPANY, storeId: 2, tags: ['promo'] })
      .expect(200);
    const mixed = await addRepeating(...april, ['b.png'], {
      weekdays: ['FR'],
      startTime: '09:00',
      endTime: '10:00',
    }).expect(400);
    expect(mixed.body.message).toBe(
      DAYPART_TEXT.mixedTimeZones('promo', ['Asia/Tokyo', 'Europe/Berlin']),
    );
    await api('put', MEDIA_PORTAL_API.saveTagChanges)
      .send({ companyId: COMPANY, storeId: 2, tags: [] })
      .expect(200);
    await api('delete', `${MEDIA_PORTAL_API.schedule}?id=${first._id}`).expect(200);
  });

  it('moves the files at each window edge in local time across the DST change', async () => {
    // Saturday 27 March 2027, 08:59:57 in Berlin.
    await moveTo('2027-03-27T07:59:57Z');
    const s = scheduleSchema.parse(
      (
        await addRepeating(clock.now().toISOString(), '2027-03-29T10:00:00Z', ['a.png'], {
          weekdays: ['SA', 'SU'],
          startTime: '09:00',
          endTime: '10:00',
        }).expect(200)
      ).body,
    );
    // The preview's timeline shows both windows: 09:00 Berlin is 08:00Z in CET, 07:00Z in CEST.
    const preview = storeMediaAtSchema.parse(
      (
        await api(
          'get',
          `${MEDIA_PREVIEW_API.storeMediaAt}?c=${COMPANY}&s=1&at=${encodeURIComponent(iso('2027-03-28T07:30:00Z'))}`,
        ).expect(200)
      ).body,
    );
    expect(preview.timeline.find((x) => x._id === s._id)?.windows).toEqual([
      { start: iso('2027-03-27T08:00:00Z'), end: iso('2027-03-27T09:00:00Z') },
      { start: iso('2027-03-28T07:00:00Z'), end: iso('2027-03-28T08:00:00Z') },
    ]);
    expect(preview.files.map((f) => [f.filename, f.scheduleId, f.until])).toEqual([
      ['a.png', s._id, iso('2027-03-28T08:00:00Z')],
    ]);

    // Saturday's window, 09:00 to 10:00 CET.
    await eventually(inTag, (files) => files.includes('a.png'));
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse('2027-03-27T08:00:00Z'));
    expect(await statusOf(s._id)).toBe('ACTIVE');
    await eventually(storeShows, (files) => files.includes('a.png'));
    await moveTo('2027-03-27T08:59:57Z');
    await eventually(inTag, (files) => files.length === 0);
    expect(await listing(`/pendingmedialist?dir=${FOLDER}`)).toContain('a.png');
    await eventually(storeShows, (files) => files.length === 0);

    // Sunday's window, 09:00 to 10:00 CEST: an hour earlier in UTC, and it moves then.
    await moveTo('2027-03-28T06:59:57Z');
    await eventually(inTag, (files) => files.includes('a.png'));
    const movedAt = clock.now().getTime();
    expect(movedAt).toBeGreaterThanOrEqual(Date.parse('2027-03-28T07:00:00Z'));
    expect(movedAt).toBeLessThan(Date.parse('2027-03-28T07:30:00Z'));
    await eventually(storeShows, (files) => files.includes('a.png'));
    await moveTo('2027-03-28T07:59:57Z');
    await eventually(inTag, (files) => files.length === 0);
    expect(await statusOf(s._id)).toBe('ACTIVE');

    // The end: the files go to expired with the schedule.
    await moveTo('2027-03-29T09:59:57Z');
    await eventually(
      () => statusOf(s._id),
      (status) => status === 'EXPIRED',
    );
    expect(await listing(`/expiredmedialist?dir=${FOLDER}`)).toEqual(['a.png']);
    expect(await listing(`/pendingmedialist?dir=${FOLDER}`)).toEqual(['b.png']);
  }, 120_000);

  it('makes a move recorded before a kill, once the jobs are planned again', async () => {
    // Daily 14:00-15:00 in Berlin (12:00Z in summer time), from Monday 29 March.
    const s = scheduleSchema.parse(
      (
        await addRepeating(clock.now().toISOString(), '2027-03-31T00:00:00Z', ['b.png'], {
          weekdays: ['MO', 'TU'],
          startTime: '14:00',
          endTime: '15:00',
        }).expect(200)
      ).body,
    );
    // The worker claimed Monday's start in MongoDB and was killed before moving; Redis lost the jobs.
    await queue.drain(true);
    await masterData('schedules').updateOne(
      { _id: new Types.ObjectId(s._id) },
      {
        $set: {
          status: 'ACTIVE',
          onAir: true,
          step: { from: 'pending', to: 'tags/promo', kind: 'start' },
        },
      },
    );
    await moveTo('2027-03-29T12:30:00Z');
    expect(await inTag()).toEqual([]);

    expect(await t.app.get(ScheduleEngine).reconcile()).toBeGreaterThan(0);
    await eventually(inTag, (files) => files.includes('b.png'));
    await eventually(storeShows, (files) => files.includes('b.png'));
    // The step is cleared after the move's audit entries are written, so a moment after the files.
    const stored = await eventually(
      () => masterData('schedules').findOne({ _id: new Types.ObjectId(s._id) }),
      (doc) => doc?.step === undefined,
    );
    expect(stored).toMatchObject({ status: 'ACTIVE', onAir: true });
    await api('delete', `${MEDIA_PORTAL_API.schedule}?id=${s._id}`).expect(200);
  }, 60_000);
});
