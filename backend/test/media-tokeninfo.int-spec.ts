import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  APP,
  ERROR_CODE,
  mediaListResultSchema,
  mediaUploadResultSchema,
  TOKEN_INFO_PATH,
  tokenInfoSchema,
  USER_TYPE,
} from '@store-cloud/contracts';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { PNG } from './fixtures';
import { type ChildServer, startMediaServer } from './processes';

const BASIC = { username: 'media-basic@storecloud.test', password: 'Media-Basic-Pass1' };

describe('GET /portal/tokeninfo and the media server against the real backend', () => {
  let t: TestApp;
  let adminToken: string;
  let basicToken: string;

  beforeAll(async () => {
    t = await createTestApp('media_tokeninfo');
    await t.createUser({
      ...BASIC,
      usertype: USER_TYPE.BASIC,
      applications: [APP.centralMediaServer],
      access: {
        all: false,
        companies: [
          { companyId: 7, companyName: 'Acme Fuels', stores: [] },
          { companyId: 12, companyName: 'Other', stores: [] },
        ],
      },
    });
    adminToken = await t.login(TEST_ADMIN);
    basicToken = await t.login(BASIC);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the caller's principal with the company ids of its access", async () => {
    const basic = await request(t.baseUrl)
      .get(TOKEN_INFO_PATH)
      .set(ACCESS_TOKEN_HEADER, basicToken)
      .expect(200);
    expect(tokenInfoSchema.parse(basic.body)).toEqual({
      id: expect.any(String),
      name: BASIC.username,
      usertype: USER_TYPE.BASIC,
      enabled: true,
      applications: [APP.centralMediaServer],
      access: { all: false, companyIds: [7, 12] },
    });
    const admin = tokenInfoSchema.parse(
      (await request(t.baseUrl).get(TOKEN_INFO_PATH).set(ACCESS_TOKEN_HEADER, adminToken)).body,
    );
    expect(admin).toMatchObject({ usertype: USER_TYPE.SUPER_ADMIN, access: { all: true } });
    expect(JSON.stringify(admin)).not.toMatch(/password/i);
  });

  it('refuses a missing or forged token with 401', async () => {
    const missing = await request(t.baseUrl).get(TOKEN_INFO_PATH).expect(401);
    expect(missing.body.code).toBe(ERROR_CODE.unauthenticated);
    await request(t.baseUrl).get(TOKEN_INFO_PATH).set(ACCESS_TOKEN_HEADER, 'x.y.z').expect(401);
  });

  describe('the real media server verifying tokens with this backend', () => {
    let media: ChildServer;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-backend-'));
      media = await startMediaServer({ backendUrl: t.baseUrl, dataDir });
      await media.ready;
    });
    afterAll(async () => {
      await media?.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    const call = (method: 'get' | 'post', url: string, token?: string) => {
      const req = request(media.url)[method](url);
      return token ? req.set(ACCESS_TOKEN_HEADER, token) : req;
    };

    it('lets an admin configure a company and its user upload and list media', async () => {
      await call('post', '/companies', basicToken)
        .send({ directoryname: 'AcmeFuels-7' })
        .expect(403);
      await call('post', '/companies', adminToken)
        .send({ directoryname: 'AcmeFuels-7' })
        .expect(200);
      await call('post', '/companies', adminToken).send({ directoryname: 'Other-8' }).expect(200);

      const uploaded = await call('post', '/mediaimage?dir=AcmeFuels-7', basicToken)
        .attach('file', PNG, 'dot.png')
        .expect(200);
      expect(mediaUploadResultSchema.parse(uploaded.body)).toMatchObject({
        success: true,
        width: 1,
        height: 1,
      });
      const list = mediaListResultSchema.parse(
        (await call('get', '/pendingmedialist?dir=AcmeFuels-7', basicToken).expect(200)).body,
      );
      expect(list.files.map((f) => f.filename)).toEqual(['dot.png']);
      await call('get', '/companies/AcmeFuels-7/pending/dot.png', basicToken).expect(200);
    });

    it('refuses a company outside the access, a forged token and no token', async () => {
      const other = await call('get', '/pendingmedialist?dir=Other-8', basicToken).expect(403);
      expect(other.body.code).toBe(ERROR_CODE.forbidden);
      await call('get', '/pendingmedialist?dir=AcmeFuels-7', 'forged.token.here').expect(401);
      await call('get', '/pendingmedialist?dir=AcmeFuels-7').expect(401);
      await call('get', '/pendingmedialist?dir=Other-8', adminToken).expect(200);
    });
  });
});
