import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  APP,
  ERROR_CODE,
  MEDIA_PORTAL_API,
  MEDIA_SERVER_TEXT,
  mediaCompanySchema,
  USER_TYPE,
  type UserTypeName,
} from '@store-cloud/contracts';
import request from 'supertest';
import { IntegrationCompaniesRepository } from '../src/modules/companies/integration-companies.repository';
import { createTestApp, type TestApp } from './create-app';
import { freePort } from '../../e2e/stack/ports';
import { PNG } from './fixtures';
import { type ChildServer, startMediaServer } from './processes';

const COMPANY = 31;
const FOLDER = 'AdminCo-31';
const NAME = 'media_admin';
const user = (type: string) => ({
  username: `media-admin-${type.toLowerCase()}@storecloud.test`,
  password: `Media-${type}-Pass1`,
});
const TYPES: UserTypeName[] = [
  USER_TYPE.SUPER_ADMIN,
  USER_TYPE.ADMIN,
  USER_TYPE.SUPPORT_ADMIN,
  USER_TYPE.BASIC,
  USER_TYPE.TLM,
];

/**
 * Central Media Administration (spec media §6, DESIGN §4): only ADMIN and SUPER-ADMIN change a
 * company's media folder, tag folders and limits, whatever their access; and the media server
 * learns the limit it enforces at upload from this backend.
 */
describe('Central media administration: user types and the file limit the media server enforces', () => {
  let t: TestApp;
  let media: ChildServer | undefined;
  let mediaPort: number;
  let dataDir: string;
  const tokens: Partial<Record<UserTypeName, string>> = {};

  const api = (method: 'get' | 'post' | 'put', url: string, who: UserTypeName) =>
    request(t.baseUrl)[method](url).set(ACCESS_TOKEN_HEADER, tokens[who]!);
  const mediaCall = (method: 'get' | 'post', url: string, who: UserTypeName) =>
    request(`http://127.0.0.1:${mediaPort}`)[method](url).set(ACCESS_TOKEN_HEADER, tokens[who]!);
  const company = async () =>
    mediaCompanySchema.parse(
      (await api('get', MEDIA_PORTAL_API.mediaCompanies, USER_TYPE.BASIC).expect(200)).body.find(
        (c: { companyId: number }) => c.companyId === COMPANY,
      ),
    );

  beforeAll(async () => {
    mediaPort = await freePort();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-admin-'));
    t = await createTestApp(NAME, { config: { mediaServerUrl: `http://127.0.0.1:${mediaPort}` } });
    await t.app.get(IntegrationCompaniesRepository).insert({
      companyId: COMPANY,
      companyName: 'Admin Co',
      stores: [{ storeId: 1, storeName: 'One', isActive: true }],
      mediaFileLimit: 20,
      tagLimit: 10,
    });
    for (const usertype of TYPES) {
      await t.createUser({
        ...user(usertype),
        usertype,
        applications: [APP.centralMediaServer],
        access: { all: false, companies: [{ companyId: COMPANY, companyName: 'x', stores: [] }] },
      });
      tokens[usertype] = await t.login(user(usertype));
    }
    media = await startMediaServer({ backendUrl: t.baseUrl, dataDir, port: mediaPort });
    await media.ready;
  });
  afterAll(async () => {
    await media?.stop();
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('refuses every administration call to SUPPORT-ADMIN, BASIC and TLM and changes nothing', async () => {
    const before = await company();
    for (const who of [USER_TYPE.SUPPORT_ADMIN, USER_TYPE.BASIC, USER_TYPE.TLM]) {
      const calls = [
        api('post', MEDIA_PORTAL_API.addMediaFolders, who).send({
          companyId: COMPANY,
          mediaFolderName: FOLDER,
          tagsList: [],
        }),
        api('post', MEDIA_PORTAL_API.addTagFolder, who).send({ companyId: COMPANY, newTag: 'x' }),
        api('put', MEDIA_PORTAL_API.removeTagFolder, who).send({
          companyId: COMPANY,
          removeTag: 'x',
        }),
        api('put', MEDIA_PORTAL_API.updateMediaFileLimit, who).send({
          companyId: COMPANY,
          newLimit: 99,
        }),
        api('put', MEDIA_PORTAL_API.updateTagLimit, who).send({ companyId: COMPANY, newLimit: 99 }),
      ];
      for (const call of calls) {
        const res = await call;
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(ERROR_CODE.forbidden);
      }
    }
    expect(await company()).toEqual(before);
  });

  it('lets SUPER-ADMIN and ADMIN configure the company, its tags and its limits', async () => {
    // Each call makes (or removes) the folder on the media server and records it.
    await api('post', MEDIA_PORTAL_API.addMediaFolders, USER_TYPE.SUPER_ADMIN)
      .send({ companyId: COMPANY, mediaFolderName: FOLDER, tagsList: [] })
      .expect(200);
    await api('post', MEDIA_PORTAL_API.addTagFolder, USER_TYPE.ADMIN)
      .send({ companyId: COMPANY, newTag: 'promo' })
      .expect(200);
    await api('post', MEDIA_PORTAL_API.addTagFolder, USER_TYPE.SUPER_ADMIN)
      .send({ companyId: COMPANY, newTag: 'gone' })
      .expect(200);
    await api('put', MEDIA_PORTAL_API.saveTagChanges, USER_TYPE.BASIC)
      .send({ companyId: COMPANY, storeId: 1, tags: ['promo', 'gone'] })
      .expect(200);
    await api('put', MEDIA_PORTAL_API.removeTagFolder, USER_TYPE.ADMIN)
      .send({ companyId: COMPANY, removeTag: 'gone' })
      .expect(200);
    await api('put', MEDIA_PORTAL_API.updateTagLimit, USER_TYPE.ADMIN)
      .send({ companyId: COMPANY, newLimit: 4 })
      .expect(200);
    expect(await company()).toMatchObject({
      mediaFolderName: FOLDER,
      tagsList: ['promo'],
      tagLimit: 4,
      // Removing a tag folder takes it from the stores too.
      stores: [{ storeId: 1, tags: ['promo'] }],
    });
  });

  it('makes the media server refuse uploads at the limit an administrator sets', async () => {
    await api('put', MEDIA_PORTAL_API.updateMediaFileLimit, USER_TYPE.ADMIN)
      .send({ companyId: COMPANY, newLimit: 2 })
      .expect(200);
    const upload = (name: string) =>
      mediaCall('post', `/mediaimage?dir=${FOLDER}`, USER_TYPE.BASIC).attach('file', PNG, name);
    await upload('a.png').expect(200);
    await mediaCall('post', '/mediafiles', USER_TYPE.BASIC)
      .send({ directoryname: FOLDER, tag: 'promo', files: ['a.png'] })
      .expect(200);
    await upload('b.png').expect(200);
    const refused = await upload('c.png');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MEDIA_SERVER_TEXT.fileLimitReached(FOLDER, 2, 2));

    // A raised limit applies to the very next upload.
    await api('put', MEDIA_PORTAL_API.updateMediaFileLimit, USER_TYPE.SUPER_ADMIN)
      .send({ companyId: COMPANY, newLimit: 3 })
      .expect(200);
    await upload('c.png').expect(200);
  });
});
