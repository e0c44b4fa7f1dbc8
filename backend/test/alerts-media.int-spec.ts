import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getConnectionToken } from '@nestjs/mongoose';
import { ACCESS_TOKEN_HEADER, MEDIA_PORTAL_API } from '@store-cloud/contracts';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { freePort } from '../../e2e/stack/ports';
import { ScheduleEngine } from '../src/modules/media/schedule-engine.service';
import { SchedulesRepository } from '../src/modules/media/schedules.repository';
import { clearAlerts, createRule, FAST_ALERTS, incidents } from './alerts-support';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { connectAcmeFuels, PNG } from './fixtures';
import { addScheduleSoon } from './media-schedules-api';
import { type ChildServer, startMediaServer } from './processes';

const COMPANY = 7;
const FOLDER = 'AcmeFuels-7';

describe('Alerts from central media: failed schedule steps and the file limit (real media server)', () => {
  let t: TestApp;
  let media: ChildServer | undefined;
  let mediaPort: number;
  let dataDir: string;
  let token: string;

  const api = (method: 'get' | 'post' | 'put', url: string) =>
    request(t.baseUrl)[method](url).set(ACCESS_TOKEN_HEADER, token);
  const mediaCall = (url: string) =>
    request(`http://127.0.0.1:${mediaPort}`).post(url).set(ACCESS_TOKEN_HEADER, token);
  const upload = (name: string) =>
    mediaCall(`/mediaimage?dir=${FOLDER}`).attach('file', PNG, name).expect(200);
  const remove = (dir: string, files: string[]) =>
    mediaCall('/deletefiles')
      .send({ directoryname: `${FOLDER}/${dir}`, filelist: files })
      .expect(200);
  const ofKind = async (kind: string, state: 'open' | 'resolved') =>
    incidents(t, token, { companyId: COMPANY, kind, state });

  beforeAll(async () => {
    mediaPort = await freePort();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'alerts-media-'));
    t = await createTestApp('alerts_media', {
      config: { mediaServerUrl: `http://127.0.0.1:${mediaPort}`, alerts: FAST_ALERTS },
    });
    await connectAcmeFuels(t.app);
    token = await t.login(TEST_ADMIN);
    media = await startMediaServer({ backendUrl: t.baseUrl, dataDir, port: mediaPort });
    await media.ready;
    await api('post', MEDIA_PORTAL_API.addMediaFolders)
      .send({ companyId: COMPANY, mediaFolderName: FOLDER, tagsList: [] })
      .expect(200);
    await api('post', MEDIA_PORTAL_API.addTagFolder)
      .send({ companyId: COMPANY, newTag: 'promo' })
      .expect(200);
    await api('put', MEDIA_PORTAL_API.updateMediaFileLimit)
      .send({ companyId: COMPANY, newLimit: 5 })
      .expect(200);
    await clearAlerts(t);
  }, 120_000);
  afterAll(async () => {
    await media?.stop();
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('opens media-near-limit at the rule share of the file limit and resolves it below', async () => {
    await createRule(t, token, {
      companyId: COMPANY,
      name: 'Media limit',
      kinds: ['media-near-limit'],
      mediaSharePercent: 60,
      recipients: { emails: ['media-ops@storecloud.test'], webhookIds: [] },
    });
    await upload('one.png');
    await upload('two.png');
    await upload('three.png'); // 3 of 5 files: 60 %
    const [opened] = await eventually(
      () => ofKind('media-near-limit', 'open'),
      (list) => list.length === 1,
    );
    expect(opened).toMatchObject({
      companyId: COMPANY,
      storeId: null,
      data: expect.objectContaining({ files: 3, limit: 5, sharePercent: 60 }),
    });
    expect(opened!.title).toContain('3 of 5 files');

    await remove('pending', ['three.png']);
    await eventually(
      () => ofKind('media-near-limit', 'resolved'),
      (list) => list.some((i) => i.id === opened!.id),
    );
    expect(await ofKind('media-near-limit', 'open')).toEqual([]);
    await remove('pending', ['one.png', 'two.png']);
    await clearAlerts(t);
  }, 60_000);

  it('opens media-schedule-failed when a step cannot move its files, resolved by a later step', async () => {
    await createRule(t, token, {
      companyId: COMPANY,
      name: 'Media schedules',
      kinds: ['media-schedule-failed'],
      recipients: { emails: ['media-ops@storecloud.test'], webhookIds: [] },
    });
    await upload('a.png');
    await upload('b.png');
    const s = await addScheduleSoon(
      (url) => api('post', url),
      { companyId: COMPANY, destination: 'promo', files: ['a.png', 'b.png'] },
      1500,
      3_600_000,
    );
    // b.png is gone before the start: the start moves a.png only.
    await remove('pending', ['b.png']);

    const db = t.app.get<Connection>(getConnectionToken());
    const [opened] = await eventually(
      () => ofKind('media-schedule-failed', 'open'),
      (list) => list.length === 1,
    );
    expect(opened).toMatchObject({
      companyId: COMPANY,
      subject: `schedule/${s._id}`,
      data: expect.objectContaining({ scheduleId: s._id, step: 'start', files: ['b.png'] }),
    });
    expect(opened!.title).toContain('promo');
    const doc = await db.collection('schedules').findOne({ companyId: COMPANY });
    expect(doc?.failure).toMatchObject({ step: 'start', files: ['b.png'] });

    // b.png reaches the tag another way; the end, brought forward, moves both to expired.
    await upload('b.png');
    await mediaCall('/movemediafiles')
      .send({
        directoryname: FOLDER,
        sourceFolder: 'pending',
        destinationFolder: 'tags/promo',
        filelist: ['b.png'],
        replace: true,
      })
      .expect(200);
    const active = await t.app
      .get(SchedulesRepository)
      .update(s._id, 'ACTIVE', { endDate: new Date().toISOString() });
    await t.app.get(ScheduleEngine).plan(active!);

    await eventually(
      () => ofKind('media-schedule-failed', 'resolved'),
      (list) => list.some((i) => i.id === opened!.id),
    );
    const after = await db.collection('schedules').findOne({ companyId: COMPANY });
    expect(after?.status).toBe('EXPIRED');
    expect(after?.failure).toBeUndefined();
  }, 60_000);
});
