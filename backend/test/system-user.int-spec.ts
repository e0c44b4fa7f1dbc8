import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  SYSTEM_USER_TEXT,
  userListSchema,
} from '@store-cloud/contracts';
import request from 'supertest';
import {
  MEDIA_SERVICE_USERNAME,
  MediaServerClient,
} from '../src/modules/media/media-server.client';
import { UsersRepository } from '../src/modules/users/users.repository';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';

describe('the platform service users', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp('system-user');
    token = await t.login(TEST_ADMIN);
    // The schedule engine's principal, created the first time the backend calls the media server.
    await t.app.get(MediaServerClient).token();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are not in the user list, even for a SUPER-ADMIN', async () => {
    const res = await request(t.baseUrl)
      .get(ADMIN_API.users)
      .set(ACCESS_TOKEN_HEADER, token)
      .expect(200);
    const names = userListSchema.parse(res.body).map((u) => u.username);
    expect(names).toContain(TEST_ADMIN.username);
    expect(names).not.toContain(MEDIA_SERVICE_USERNAME);
  });

  it('cannot be changed or deleted by an administrator', async () => {
    const service = await t.app.get(UsersRepository).findByUsername(MEDIA_SERVICE_USERNAME);
    expect(service?.enabled).toBe(true);
    await request(t.baseUrl)
      .patch(ADMIN_API.saveUserChanges)
      .set(ACCESS_TOKEN_HEADER, token)
      .send({
        userdata: {
          _id: service!.id,
          usertype: 'BASIC',
          enabled: false,
          access: { all: false, companies: [] },
          applications: [],
        },
      })
      .expect(404);
    await request(t.baseUrl)
      .delete(ADMIN_API.deleteUser)
      .query({ userId: service!.id })
      .set(ACCESS_TOKEN_HEADER, token)
      .expect(404);
    const after = await t.app.get(UsersRepository).findByUsername(MEDIA_SERVICE_USERNAME);
    expect(after).toMatchObject({ enabled: true, access: { all: true } });
  });

  it('keeps their domain: no account of a person may take it', async () => {
    const res = await request(t.baseUrl)
      .post(ADMIN_API.createUser)
      .set(ACCESS_TOKEN_HEADER, token)
      .send({ username: 'someone@storecloud.system', password: 'Valid-Pass1', usertype: 'BASIC' })
      .expect(400);
    expect(JSON.stringify(res.body)).toContain(SYSTEM_USER_TEXT.reserved);
  });
});
