import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  API,
  BACKUP_API,
  ERROR_CODE,
  errorBodySchema,
  MEDIA_PORTAL_API,
  SITE_API,
  USER_TYPE,
  VALIDATION,
} from '@store-cloud/contracts';
import bcrypt from 'bcrypt';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';

/** Bad input of issue 14 point 7: each a 4xx naming what is wrong, nothing stored. */
describe('bad input', () => {
  let t: TestApp;
  let admin: string;
  const post = (path: string, body: unknown) =>
    request(t.baseUrl)
      .post(path)
      .set(ACCESS_TOKEN_HEADER, admin)
      .send(body as object);
  const refusal = (res: request.Response) => {
    expect(res.status).toBe(400);
    return errorBodySchema.parse(res.body);
  };

  beforeAll(async () => {
    t = await createTestApp('bad_input');
    admin = await t.login(TEST_ADMIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an empty description on /log and /error, and a timestamp that is no date', async () => {
    const at = new Date().toISOString();
    const log = (data: object) => ({ data: { systemId: 'ERiC Portal', timestamp: at, ...data } });
    const empty = refusal(await post(API.log, log({ messageDescription: '' })));
    expect(empty.issues).toEqual([
      { path: 'data.messageDescription', message: 'must not be empty' },
    ]);
    refusal(await post(API.error, log({ errorDescription: '   ' })));
    const notDate = refusal(
      await post(API.log, log({ messageDescription: 'x', timestamp: 'not a date' })),
    );
    expect(notDate.issues?.[0]?.path).toBe('data.timestamp');
    await post(API.log, log({ messageDescription: 'a real line' })).expect(200);
  });

  it.each([SITE_API.siteConnect, SITE_API.siteLogout, SITE_API.closeSiteConnection])(
    '%s takes no boolean, empty or non-positive id',
    async (path) => {
      for (const body of [
        { company: true, store: 1 },
        { company: 101, store: true },
        { company: '', store: 1 },
        { company: 101, store: 0 },
        { company: -1, store: 1 },
        { company: [101], store: 1 },
      ]) {
        const res = await post(path, body);
        expect([res.status, res.body.code]).toEqual([400, ERROR_CODE.validation]);
      }
    },
  );

  it('refuses access to companies and stores that do not exist', async () => {
    const user = await t.createUser({
      username: 'access-target@example.com',
      password: 'Access-Target-1',
      usertype: USER_TYPE.BASIC,
    });
    const save = (companies: object[]) =>
      request(t.baseUrl)
        .patch(ADMIN_API.saveUserChanges)
        .set(ACCESS_TOKEN_HEADER, admin)
        .send({
          userdata: {
            _id: user.id,
            usertype: USER_TYPE.BASIC,
            enabled: true,
            access: { all: false, companies },
            applications: [],
          },
        });
    const store = (storeId: number) => ({ storeId, storeName: 'x', enabled: true });
    for (const companies of [
      [{ companyId: 0, companyName: 'x', stores: [] }],
      [{ companyId: -1, companyName: 'x', stores: [] }],
      [{ companyId: 999_999, companyName: 'x', stores: [] }],
      [{ companyId: 101, companyName: 'x', stores: [store(0)] }],
      [{ companyId: 101, companyName: 'x', stores: [store(999)] }],
    ]) {
      const body = refusal(await save(companies));
      expect(body.message).toMatch(/does not exist/);
    }
    expect((await t.users.findById(user.id))?.access).toEqual({ all: false, companies: [] });
    await save([{ companyId: 101, companyName: 'Northway Fuels', stores: [store(1)] }]).expect(200);
  });

  it.each([
    ['NUL', 'Backup\u0000One'],
    ['a right-to-left override', 'Backup\u202eenO'],
    ['a lone surrogate', 'Backup\ud800One'],
    ['a fraction slash', 'Backup\u2044One'],
    ['a fullwidth solidus', 'Backup\uff0fOne'],
  ])('stores no name with %s (issue 23)', async (_what, name) => {
    const server = refusal(await post(BACKUP_API.addServer, { name, url: 'http://b.example' }));
    expect(server.message).toMatch(/^name: Invalid server name: it contains/);
    const tag = refusal(
      await post(MEDIA_PORTAL_API.addTagFolder, { companyId: 101, newTag: name }),
    );
    expect(tag.message).toMatch(/Invalid tag folder name: it contains/);
    const servers = await request(t.baseUrl)
      .get(BACKUP_API.servers)
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(200);
    expect(JSON.stringify(servers.body)).not.toContain('Backup');
  });

  it('stores no file or folder name Windows reserves for a device (issue 23)', async () => {
    for (const newTag of ['CON', 'con.png', 'LPT1.txt', 'aux']) {
      const tag = refusal(await post(MEDIA_PORTAL_API.addTagFolder, { companyId: 101, newTag }));
      expect(tag.message).toMatch(/device name Windows reserves/);
    }
  });

  it('refuses a new password over 72 bytes, and one never logs in past byte 72 (issue 23)', async () => {
    // 27 three-byte characters and a tail: 30 characters, 84 bytes; bcrypt reads 72 of them.
    const long = `${'☃'.repeat(27)}a1B`;
    const created = refusal(
      await post(ADMIN_API.createUser, { username: 'long-pass@example.com', password: long }),
    );
    expect(created.issues?.map((i) => i.message)).toContain(VALIDATION.passwordBytes);

    // A user whose password was hashed before the rule: neither it nor another tail logs in.
    await t.users.create({
      username: 'old-long-pass@example.com',
      passwordHash: await bcrypt.hash(long, 4),
      enabled: true,
      usertype: USER_TYPE.BASIC,
      access: { all: false, companies: [] },
      applications: [],
    });
    const login = (password: string) =>
      request(t.baseUrl).post(API.login).send({ username: 'old-long-pass@example.com', password });
    const wrong = await login('Wrong-Password-1');
    expect(wrong.status).toBe(401);
    for (const password of [`${'☃'.repeat(27)}zZ9`, long]) {
      const res = await login(password);
      // The same refusal; only the request's own id differs.
      expect([res.status, res.body]).toEqual([
        wrong.status,
        { ...wrong.body, requestId: expect.any(String) },
      ]);
    }
  });
});
