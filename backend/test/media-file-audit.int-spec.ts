import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  APP,
  AUDIT_ACTION,
  AUDIT_API,
  type AuditEntryView,
  auditPageSchema,
  MEDIA_API,
  MEDIA_FILE_AUDIT_API,
  MEDIA_PORTAL_API,
  MEDIA_SERVICE_KEY_HEADER,
  type MediaFileChange,
  USER_TYPE,
} from '@store-cloud/contracts';
import request from 'supertest';
import { freePort } from '../../e2e/stack/ports';
import { PLATFORM_ACTOR } from '../src/modules/audit/audit.service';
import { addScheduleSoon, scheduleStatus } from './media-schedules-api';
import { createTestApp, TEST_ADMIN, TEST_MEDIA_SERVICE_KEY, type TestApp } from './create-app';
import { eventually } from './eventually';
import { connectAcmeFuels, PNG } from './fixtures';
import { type ChildServer, startMediaServer, withOutputOf } from './processes';

const COMPANY = 7;
const FOLDER = 'AcmeFuels-7';
const PASSWORD = 'Media-Audit-Pass-1';
const BASIC = 'media-audit-basic@storecloud.test';
const ADMIN_7 = 'media-audit-admin7@storecloud.test';
const ADMIN_8 = 'media-audit-admin8@storecloud.test';

/**
 * Media file changes in the audit trail (issue 17 point 1) with the real media server: it
 * reports each upload, replace and delete with the user whose token it verified, the schedule
 * engine records its moves as the platform, and GET /portal/auditlog shows them by action and
 * only to administrators of the company. The report route takes the media server's key only.
 */
describe('media file changes in the audit trail', () => {
  let t: TestApp;
  let media: ChildServer;
  let dataDir: string;
  const tokens: Record<string, string> = {};

  const api = (method: 'get' | 'post', url: string, who = 'admin') =>
    request(t.baseUrl)[method](url).set(ACCESS_TOKEN_HEADER, tokens[who]!);
  const mediaCall = (url: string, who = 'basic') =>
    request(media.url).post(url).set(ACCESS_TOKEN_HEADER, tokens[who]!);
  const upload = (name: string, query = '') =>
    mediaCall(`${MEDIA_API.mediaImage}?dir=${FOLDER}${query}`).attach('file', PNG, name);
  const auditlog = async (query: Record<string, string | number>, who = 'admin') =>
    auditPageSchema.parse(
      (
        await request(t.baseUrl)
          .get(AUDIT_API.list)
          .query(query)
          .set(ACCESS_TOKEN_HEADER, tokens[who]!)
          .expect(200)
      ).body,
    ).entries;
  /** The entries of one file, oldest first, once there are `count` of them. */
  const entriesOf = async (file: string, count: number, action = 'media.file.') =>
    (
      await withOutputOf(
        media,
        eventually(
          async () =>
            (await auditlog({ action, company: COMPANY })).filter(
              (e) => e.target === `${FOLDER}/${file}`,
            ),
          (entries) => entries.length >= count,
        ),
      )
    ).reverse();
  const folderChange = (entry: AuditEntryView) => entry.changes.find((c) => c.field === 'folder');

  beforeAll(async () => {
    const mediaPort = await freePort();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-audit-'));
    t = await createTestApp('media_file_audit', {
      config: { mediaServerUrl: `http://127.0.0.1:${mediaPort}` },
    });
    await connectAcmeFuels(t.app);
    const access = (companyId: number) => ({
      all: false,
      companies: [{ companyId, companyName: 'x', stores: [] }],
    });
    await t.createUser({
      username: BASIC,
      password: PASSWORD,
      applications: [APP.centralMediaServer],
      access: access(COMPANY),
    });
    for (const [username, companyId] of [
      [ADMIN_7, COMPANY],
      [ADMIN_8, 8],
    ] as const)
      await t.createUser({
        username,
        password: PASSWORD,
        usertype: USER_TYPE.ADMIN,
        applications: [APP.centralMediaServer],
        access: access(companyId),
      });
    tokens.admin = await t.login(TEST_ADMIN);
    tokens.basic = await t.login({ username: BASIC, password: PASSWORD });
    tokens.admin7 = await t.login({ username: ADMIN_7, password: PASSWORD });
    tokens.admin8 = await t.login({ username: ADMIN_8, password: PASSWORD });
    media = await startMediaServer({ backendUrl: t.baseUrl, dataDir, port: mediaPort });
    await withOutputOf(media, media.ready);

    await api('post', MEDIA_PORTAL_API.addMediaFolders)
      .send({ companyId: COMPANY, mediaFolderName: FOLDER, tagsList: ['promo'] })
      .expect(200);
    await mediaCall(MEDIA_API.companies, 'admin').send({ directoryname: FOLDER }).expect(200);
    await mediaCall(MEDIA_API.tag, 'admin')
      .send({ companyname: FOLDER, tagname: 'promo' })
      .expect(200);
  });
  afterAll(async () => {
    await media?.stop();
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('records an upload and a replace by the user whose token made them', async () => {
    // The size is what the server stored (the image as it re-encoded it).
    const { filesize } = (await upload('a.png').expect(200)).body as { filesize: number };
    const [uploaded] = await entriesOf('a.png', 1);
    expect(uploaded).toMatchObject({
      actor: BASIC,
      action: AUDIT_ACTION.mediaFileUpload,
      targetType: 'mediaFile',
      target: `${FOLDER}/a.png`,
      companies: [COMPANY],
    });
    expect(uploaded!.changes).toEqual([
      { field: 'folder', after: 'pending' },
      { field: 'size', after: filesize },
      { field: 'type', after: 'png' },
    ]);

    await upload('a.png', '&replace=true').expect(200);
    const [, replaced] = await entriesOf('a.png', 2);
    expect(replaced).toMatchObject({
      actor: BASIC,
      action: AUDIT_ACTION.mediaFileReplace,
      target: `${FOLDER}/a.png`,
    });
    expect(replaced!.changes).toEqual([
      { field: 'size', after: filesize },
      { field: 'type', after: 'png' },
    ]);
  });

  it('records a delete with the folder the file was in', async () => {
    await upload('b.png').expect(200);
    await mediaCall(MEDIA_API.deleteFiles)
      .send({ directoryname: `${FOLDER}/pending`, filelist: ['b.png', 'missing.png'] })
      .expect(200);
    const [, deleted] = await entriesOf('b.png', 2);
    expect(deleted).toMatchObject({ actor: BASIC, action: AUDIT_ACTION.mediaFileDelete });
    expect(folderChange(deleted!)).toEqual({ field: 'folder', before: 'pending' });
    // A file that was not there was not deleted: no entry.
    expect(await auditlog({ action: 'media.file.' })).not.toContainEqual(
      expect.objectContaining({ target: `${FOLDER}/missing.png` }),
    );
  });

  it("records a schedule's moves once each, as the platform", async () => {
    const schedule = await addScheduleSoon(
      (url) => api('post', url, 'basic'),
      { companyId: COMPANY, destination: 'promo', files: ['a.png'] },
      1500,
      3500,
    );
    await eventually(
      () => scheduleStatus((url) => api('get', url), FOLDER, schedule._id),
      (status) => status === 'EXPIRED',
    );
    // A later change of a user arrives after anything the media server reported before it.
    await upload('c.png').expect(200);
    await entriesOf('c.png', 1);

    const moves = await auditlog({ action: AUDIT_ACTION.mediaFileMove, company: COMPANY });
    expect(moves.map((m) => [m.actor, m.target, folderChange(m), m.details]).reverse()).toEqual([
      [
        PLATFORM_ACTOR.username,
        `${FOLDER}/a.png`,
        { field: 'folder', before: 'pending', after: 'tags/promo' },
        { schedule: schedule._id },
      ],
      [
        PLATFORM_ACTOR.username,
        `${FOLDER}/a.png`,
        { field: 'folder', before: 'tags/promo', after: 'expired' },
        { schedule: schedule._id },
      ],
    ]);
  });

  it('filters by action and shows a company only to its administrators', async () => {
    const uploads = await auditlog({ action: AUDIT_ACTION.mediaFileUpload });
    expect(uploads.map((e) => e.target).sort()).toEqual(
      ['a.png', 'b.png', 'c.png'].map((f) => `${FOLDER}/${f}`),
    );
    const all = await auditlog({ action: 'media.file.' });
    expect(new Set(all.map((e) => e.action))).toEqual(
      new Set([
        AUDIT_ACTION.mediaFileUpload,
        AUDIT_ACTION.mediaFileReplace,
        AUDIT_ACTION.mediaFileDelete,
        AUDIT_ACTION.mediaFileMove,
      ]),
    );
    expect(await auditlog({ action: 'media.file.' }, 'admin7')).toHaveLength(all.length);
    expect(await auditlog({ action: 'media.file.' }, 'admin8')).toEqual([]);
    await request(t.baseUrl)
      .get(AUDIT_API.list)
      .query({ company: COMPANY })
      .set(ACCESS_TOKEN_HEADER, tokens.admin8!)
      .expect(403);
  });

  it('takes reports only with the media server key, and a replayed one once', async () => {
    const change: MediaFileChange = {
      id: randomUUID(),
      at: new Date().toISOString(),
      actor: { id: 'forged', username: 'someone-else@storecloud.test' },
      action: AUDIT_ACTION.mediaFileDelete,
      companyId: COMPANY,
      mediaFolder: FOLDER,
      file: 'replayed.png',
      from: 'expired',
    };
    const report = () =>
      request(t.baseUrl)
        .post(MEDIA_FILE_AUDIT_API.report)
        .send({ changes: [change] });
    // A browser has a user's token at most: no key, a wrong key or a token is refused.
    await report().expect(401);
    await report().set(ACCESS_TOKEN_HEADER, tokens.admin!).expect(401);
    await report().set(MEDIA_SERVICE_KEY_HEADER, `${TEST_MEDIA_SERVICE_KEY}x`).expect(401);
    expect(await auditlog({ action: AUDIT_ACTION.mediaFileDelete })).not.toContainEqual(
      expect.objectContaining({ target: `${FOLDER}/replayed.png` }),
    );

    for (let i = 0; i < 2; i++)
      expect(
        (await report().set(MEDIA_SERVICE_KEY_HEADER, TEST_MEDIA_SERVICE_KEY).expect(200)).body,
      ).toEqual({ recorded: 1 });
    const recorded = (await auditlog({ action: AUDIT_ACTION.mediaFileDelete })).filter(
      (e) => e.target === `${FOLDER}/replayed.png`,
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ actor: change.actor.username, at: change.at });
  });
});
