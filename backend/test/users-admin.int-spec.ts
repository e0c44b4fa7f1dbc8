import { getModelToken } from '@nestjs/mongoose';
import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  API,
  APP,
  ERROR_CODE,
  errorBodySchema,
  siteCredentialSummaryListSchema,
  siteCredentialSummarySchema,
  USER_TYPE,
  type User,
  userListSchema,
  toUserView,
  userViewSchema,
  userTypeListSchema,
  type UserTypeName,
  USER_TYPES,
  VALIDATION,
  applicationListSchema,
  DEFAULT_APPS,
} from '@store-cloud/contracts';
import type { Model } from 'mongoose';
import request from 'supertest';
import { AuditService } from '../src/modules/audit/audit.service';
import { SiteCredentialDoc } from '../src/modules/site-credentials/schemas/site-credential.schema';
import { SiteCredentialsService } from '../src/modules/site-credentials/site-credentials.service';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';

const PASSWORD = 'Valid-Pass1';
const NEW_PASSWORD = 'Other-Pass2';

describe('user administration (/admin/*)', () => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  /** One signed-in user of each type, created once. */
  const actors = {} as Record<UserTypeName, User>;

  const loginToken = (username: string, password: string) => t.login({ username, password });
  const tokenOf = async (user: { username: string }, password = PASSWORD) => {
    const key = `${user.username}|${password}`;
    if (!tokens.has(key)) tokens.set(key, await loginToken(user.username, password));
    return tokens.get(key)!;
  };
  const as = async (type: UserTypeName | 'root') => {
    if (type === 'root') return tokenOf(TEST_ADMIN, TEST_ADMIN.password);
    return tokenOf(actors[type]);
  };
  const call = async (
    type: UserTypeName | 'root',
    method: 'get' | 'post' | 'patch' | 'delete',
    path: string,
    body?: object,
  ) => {
    const agent = request(t.baseUrl);
    const req = agent[method](path).set(ACCESS_TOKEN_HEADER, await as(type));
    return body ? req.send(body) : req;
  };
  const reload = async (id: string) => t.users.findById(id);
  let counter = 0;
  const target = async (usertype: UserTypeName, extra: Partial<User> = {}) =>
    t.createUser({
      username: `target-${(counter += 1)}-${usertype.toLowerCase()}@storecloud.test`,
      password: PASSWORD,
      usertype,
      access: extra.access,
      applications: extra.applications,
      enabled: extra.enabled,
    });

  beforeAll(async () => {
    t = await createTestApp('users_admin');
    for (const type of USER_TYPES.map((u) => u.name)) {
      actors[type] = await t.createUser({
        username: `actor-${type.toLowerCase()}@storecloud.test`,
        password: PASSWORD,
        usertype: type,
        // The actors see every company; company-limited admins: admin-scope.int-spec.ts.
        access: { all: true, companies: [] },
      });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('who reaches /admin', () => {
    it.each([USER_TYPE.BASIC, USER_TYPE.TLM])(
      'refuses a %s user every admin call',
      async (type) => {
        const victim = await target(USER_TYPE.BASIC);
        const refused: [string, string, object?][] = [
          ['get', ADMIN_API.users],
          ['get', ADMIN_API.userTypes],
          ['get', ADMIN_API.apps],
          ['post', ADMIN_API.createUser, { username: 'x@storecloud.test', password: PASSWORD }],
          [
            'patch',
            ADMIN_API.saveUserChanges,
            {
              userdata: {
                _id: victim.id,
                usertype: USER_TYPE.BASIC,
                enabled: true,
                access: { all: true, companies: [] },
                applications: [],
              },
            },
          ],
          [
            'patch',
            ADMIN_API.setPassword,
            { username: victim.username, newPassword: NEW_PASSWORD },
          ],
          ['delete', `${ADMIN_API.deleteUser}?userId=${victim.id}`],
        ];
        for (const [method, path, body] of refused) {
          const res = await call(type, method as 'get', path, body);
          expect({ path, status: res.status }).toEqual({ path, status: 403 });
          expect(errorBodySchema.parse(res.body).code).toBe(ERROR_CODE.forbidden);
        }
        expect(await t.users.findByUsername('x@storecloud.test')).toBeNull();
        expect(await reload(victim.id)).toEqual(victim);
        // The password did not change either.
        await loginToken(victim.username, PASSWORD);
      },
    );

    it('refuses a caller without a token', async () => {
      await request(t.baseUrl).get(ADMIN_API.users).expect(401);
    });

    it("refuses a disabled admin's old token at once", async () => {
      const admin = await target(USER_TYPE.ADMIN, { enabled: true });
      const token = await loginToken(admin.username, PASSWORD);
      await request(t.baseUrl).get(ADMIN_API.users).set(ACCESS_TOKEN_HEADER, token).expect(200);
      const res = await call('root', 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...pick(admin), enabled: false },
      });
      expect(res.status).toBe(200);
      await request(t.baseUrl).get(ADMIN_API.users).set(ACCESS_TOKEN_HEADER, token).expect(401);
      await request(t.baseUrl)
        .patch(ADMIN_API.changePassword)
        .set(ACCESS_TOKEN_HEADER, token)
        .send({ username: admin.username, currentPassword: PASSWORD, newPassword: NEW_PASSWORD })
        .expect(401);
    });
  });

  describe('GET /admin/users', () => {
    const typesSeenBy = async (type: UserTypeName | 'root') => {
      const res = await call(type, 'get', ADMIN_API.users);
      expect(res.status).toBe(200);
      const users = userListSchema.parse(res.body);
      expect(res.body[0]).toHaveProperty('_id');
      expect(res.body[0]).not.toHaveProperty('id');
      return new Set(users.map((u) => u.usertype));
    };

    it('shows SUPER-ADMIN every type', async () => {
      expect([...(await typesSeenBy(USER_TYPE.SUPER_ADMIN))].sort()).toEqual(
        USER_TYPES.map((u) => u.name).sort(),
      );
    });

    it('shows ADMIN all but SUPER-ADMIN', async () => {
      const seen = await typesSeenBy(USER_TYPE.ADMIN);
      expect(seen.has(USER_TYPE.SUPER_ADMIN)).toBe(false);
      expect(seen.has(USER_TYPE.ADMIN)).toBe(true);
      expect(seen.has(USER_TYPE.TLM)).toBe(true);
    });

    it('shows SUPPORT-ADMIN all but ADMIN and SUPER-ADMIN', async () => {
      expect([...(await typesSeenBy(USER_TYPE.SUPPORT_ADMIN))].sort()).toEqual(
        [USER_TYPE.BASIC, USER_TYPE.SUPPORT_ADMIN, USER_TYPE.TLM].sort(),
      );
    });

    it('never hands out a password or its hash', async () => {
      const res = await call('root', 'get', ADMIN_API.users);
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    });
  });

  it('lists the user types and the applications', async () => {
    const types = userTypeListSchema.parse((await call('root', 'get', ADMIN_API.userTypes)).body);
    expect(types).toEqual([...USER_TYPES]);
    const apps = applicationListSchema.parse(
      (await call(USER_TYPE.SUPPORT_ADMIN, 'get', ADMIN_API.apps)).body,
    );
    expect(apps.map((a) => a.name).sort()).toEqual(DEFAULT_APPS.map((a) => a.name).sort());
  });

  describe('POST /admin/createuser', () => {
    it('creates a BASIC, disabled user with no access and no applications', async () => {
      const res = await call(USER_TYPE.ADMIN, 'post', ADMIN_API.createUser, {
        username: 'New.Person@StoreCloud.test',
        password: PASSWORD,
      });
      expect(res.status).toBe(201);
      // The spec's data model names: _id and name, never id.
      const view = userViewSchema.strict().parse(res.body);
      expect(view.name).toBe(view.username);
      const user = { ...view, id: view._id };
      expect(user).toMatchObject({
        username: 'new.person@storecloud.test',
        usertype: USER_TYPE.BASIC,
        enabled: false,
        access: { all: false, companies: [] },
        applications: [],
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
      expect(toUserView((await reload(user.id))!)).toEqual(view);
      const login = await request(t.baseUrl)
        .post(API.login)
        .send({ username: user.username, password: PASSWORD });
      expect(login.body).toEqual({ success: true, enabled: false });
      const audit = await t.app.get(AuditService).list({ target: user.username });
      expect(audit[0]).toMatchObject({
        action: 'user.create',
        actor: actors[USER_TYPE.ADMIN].username,
      });
      expect(audit[0]!.at).toBeInstanceOf(Date);
    });

    it('refuses a user name already in use, case-insensitively, with the spec text', async () => {
      const res = await call('root', 'post', ADMIN_API.createUser, {
        username: actors[USER_TYPE.BASIC].username.toUpperCase(),
        password: PASSWORD,
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: ERROR_CODE.conflict,
        message: VALIDATION.usernameInUse,
        requestId: expect.any(String),
      });
    });

    it.each([
      ['a user name that is no e-mail', { username: 'nobody', password: PASSWORD }, 'username'],
      ['a short password', { username: 'a@storecloud.test', password: 'Ab1' }, 'password'],
      [
        'a password without a digit',
        { username: 'a@storecloud.test', password: 'NoDigitsHere' },
        'password',
      ],
    ])('refuses %s with 400 and the spec text', async (_case, body, field) => {
      const res = await call('root', 'post', ADMIN_API.createUser, body);
      expect(res.status).toBe(400);
      const error = errorBodySchema.parse(res.body);
      expect(error.issues?.[0]?.path).toBe(field);
      expect(Object.values(VALIDATION)).toContain(error.issues?.[0]?.message);
      expect(await t.users.findByUsername('a@storecloud.test')).toBeNull();
    });

    it('refuses an ADMIN creating a SUPER-ADMIN, and anyone creating a TLM', async () => {
      for (const [type, usertype] of [
        [USER_TYPE.ADMIN, USER_TYPE.SUPER_ADMIN],
        [USER_TYPE.SUPPORT_ADMIN, USER_TYPE.ADMIN],
        ['root', USER_TYPE.TLM],
      ] as const) {
        const username = `too-high-${usertype.toLowerCase()}@storecloud.test`;
        const res = await call(type, 'post', ADMIN_API.createUser, {
          username,
          password: PASSWORD,
          usertype,
        });
        expect(res.status).toBe(403);
        expect(await t.users.findByUsername(username)).toBeNull();
      }
    });

    it('lets a caller create its own type', async () => {
      const res = await call(USER_TYPE.SUPPORT_ADMIN, 'post', ADMIN_API.createUser, {
        username: 'peer-support@storecloud.test',
        password: PASSWORD,
        usertype: USER_TYPE.SUPPORT_ADMIN,
      });
      expect(res.status).toBe(201);
      expect(res.body.usertype).toBe(USER_TYPE.SUPPORT_ADMIN);
    });
  });

  describe('PATCH /admin/saveuserchanges', () => {
    const access = {
      all: false,
      companies: [
        {
          companyId: 101,
          companyName: 'Northway Fuels',
          stores: [
            { storeId: 1, storeName: 'Harbour Road', enabled: true },
            { storeId: 2, storeName: 'Mill Lane', enabled: false },
          ],
        },
      ],
    };

    it('saves type, enabled, access and applications, and audits it', async () => {
      const user = await target(USER_TYPE.BASIC, { enabled: false });
      const res = await call(USER_TYPE.ADMIN, 'patch', ADMIN_API.saveUserChanges, {
        userdata: {
          _id: user.id,
          usertype: USER_TYPE.SUPPORT_ADMIN,
          enabled: true,
          access,
          applications: [APP.messageManager],
        },
      });
      expect(res.status).toBe(200);
      const expected = {
        ...user,
        usertype: USER_TYPE.SUPPORT_ADMIN,
        enabled: true,
        access,
        applications: [APP.messageManager],
      };
      expect(userViewSchema.strict().parse(res.body)).toEqual(toUserView(expected));
      expect(await reload(user.id)).toEqual(expected);
      const [entry] = await t.app.get(AuditService).list({ target: user.username });
      expect(entry).toMatchObject({ action: 'user.update', actorId: actors[USER_TYPE.ADMIN].id });
    });

    it('refuses an ADMIN editing a SUPER-ADMIN, and changes nothing', async () => {
      const superAdmin = await target(USER_TYPE.SUPER_ADMIN, { enabled: true });
      const res = await call(USER_TYPE.ADMIN, 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...pick(superAdmin), enabled: false, usertype: USER_TYPE.BASIC },
      });
      expect(res.status).toBe(403);
      expect(await reload(superAdmin.id)).toEqual(superAdmin);
    });

    it('refuses a SUPPORT-ADMIN editing an ADMIN', async () => {
      const admin = await target(USER_TYPE.ADMIN, { enabled: true });
      const res = await call(USER_TYPE.SUPPORT_ADMIN, 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...pick(admin), enabled: false },
      });
      expect(res.status).toBe(403);
      expect(await reload(admin.id)).toEqual(admin);
    });

    it('refuses raising a user above the caller, and changes nothing', async () => {
      const user = await target(USER_TYPE.BASIC);
      const res = await call(USER_TYPE.ADMIN, 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...pick(user), usertype: USER_TYPE.SUPER_ADMIN, enabled: true },
      });
      expect(res.status).toBe(403);
      expect(await reload(user.id)).toEqual(user);
    });

    it('lets a TLM user keep its type, but nobody give it', async () => {
      const tlm = await target(USER_TYPE.TLM);
      const kept = await call(USER_TYPE.ADMIN, 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...pick(tlm), enabled: true },
      });
      expect(kept.status).toBe(200);
      const basic = await target(USER_TYPE.BASIC);
      const given = await call(USER_TYPE.ADMIN, 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...pick(basic), usertype: USER_TYPE.TLM },
      });
      expect(given.status).toBe(403);
      expect(await reload(basic.id)).toEqual(basic);
    });

    it('refuses an admin disabling its own account', async () => {
      const self = actors[USER_TYPE.ADMIN];
      const res = await call(USER_TYPE.ADMIN, 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...pick(self), enabled: false },
      });
      expect(res.status).toBe(403);
      expect(await reload(self.id)).toEqual(self);
    });

    it('refuses unknown applications and a missing user', async () => {
      const user = await target(USER_TYPE.BASIC);
      const res = await call('root', 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...pick(user), applications: ['Rocket Launcher'] },
      });
      expect(res.status).toBe(400);
      expect(await reload(user.id)).toEqual(user);
      const missing = await call('root', 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...pick(user), _id: '000000000000000000000000' },
      });
      expect(missing.status).toBe(404);
    });
  });

  describe('PATCH /admin/setpassword', () => {
    it('sets the password of a user at or below the caller', async () => {
      const user = await target(USER_TYPE.BASIC, { enabled: true });
      const res = await call(USER_TYPE.SUPPORT_ADMIN, 'patch', ADMIN_API.setPassword, {
        username: user.username,
        newPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      await loginToken(user.username, NEW_PASSWORD);
      const [entry] = await t.app.get(AuditService).list({ target: user.username });
      expect(entry?.action).toBe('user.setPassword');
    });

    it('refuses a user above the caller and a bad password, changing nothing', async () => {
      const superAdmin = await target(USER_TYPE.SUPER_ADMIN, { enabled: true });
      const above = await call(USER_TYPE.ADMIN, 'patch', ADMIN_API.setPassword, {
        username: superAdmin.username,
        newPassword: NEW_PASSWORD,
      });
      expect(above.status).toBe(403);
      const weak = await call('root', 'patch', ADMIN_API.setPassword, {
        username: superAdmin.username,
        newPassword: 'alllowercase1',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.issues[0].message).toBe(VALIDATION.passwordUpper);
      await loginToken(superAdmin.username, PASSWORD);
    });
  });

  describe('PATCH /admin/changepassword', () => {
    it('lets a BASIC user change its own password', async () => {
      const user = await target(USER_TYPE.BASIC, { enabled: true });
      const token = await loginToken(user.username, PASSWORD);
      const res = await request(t.baseUrl)
        .patch(ADMIN_API.changePassword)
        .set(ACCESS_TOKEN_HEADER, token)
        .send({ username: user.username, currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(res.status).toBe(200);
      await loginToken(user.username, NEW_PASSWORD);
    });

    it("answers 'Current password error' to a wrong current password, changing nothing", async () => {
      const user = await target(USER_TYPE.BASIC, { enabled: true });
      const token = await loginToken(user.username, PASSWORD);
      const res = await request(t.baseUrl)
        .patch(ADMIN_API.changePassword)
        .set(ACCESS_TOKEN_HEADER, token)
        .send({
          username: user.username,
          currentPassword: 'Wrong-Pass9',
          newPassword: NEW_PASSWORD,
        });
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(res.body)).toEqual({
        requestId: expect.any(String),
        code: ERROR_CODE.validation,
        message: VALIDATION.currentPasswordError,
        issues: [{ path: 'currentPassword', message: VALIDATION.currentPasswordError }],
      });
      await loginToken(user.username, PASSWORD);
    });

    it("refuses changing someone else's password, even for an admin", async () => {
      const user = await target(USER_TYPE.BASIC, { enabled: true });
      const res = await call('root', 'patch', ADMIN_API.changePassword, {
        username: user.username,
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(403);
      await loginToken(user.username, PASSWORD);
    });
  });

  describe('site credentials', () => {
    const storeAccess = {
      all: false,
      companies: [
        {
          companyId: 101,
          companyName: 'Northway Fuels',
          stores: [{ storeId: 1, storeName: 'Harbour Road', enabled: true }],
        },
      ],
    };

    it('stores the password encrypted and never returns it', async () => {
      const user = await target(USER_TYPE.BASIC, { access: storeAccess });
      const body = {
        username: user.username,
        company: 101,
        sitecredentials: { storeId: 1, username: 'manager', password: 'site-Secret-42' },
      };
      const res = await call(USER_TYPE.ADMIN, 'patch', ADMIN_API.saveUserSiteCredentials, body);
      expect(res.status).toBe(200);
      expect(siteCredentialSummarySchema.parse(res.body)).toEqual({
        companyId: 101,
        storeId: 1,
        username: 'manager',
        passwordSet: true,
      });
      expect(JSON.stringify(res.body)).not.toContain('site-Secret-42');

      const model = t.app.get<Model<SiteCredentialDoc>>(getModelToken(SiteCredentialDoc.name));
      const raw = await model.findOne({ userId: user.id }).lean().exec();
      expect(JSON.stringify(raw)).not.toContain('site-Secret-42');
      const service = t.app.get(SiteCredentialsService);
      expect(await service.resolve({ userId: user.id, companyId: 101, storeId: 1 })).toEqual({
        username: 'manager',
        password: 'site-Secret-42',
      });

      // An empty password keeps the stored one.
      await call(USER_TYPE.ADMIN, 'patch', ADMIN_API.saveUserSiteCredentials, {
        ...body,
        sitecredentials: { storeId: 1, username: 'manager2', password: '' },
      }).then((r) => expect(r.status).toBe(200));
      expect(await service.resolve({ userId: user.id, companyId: 101, storeId: 1 })).toEqual({
        username: 'manager2',
        password: 'site-Secret-42',
      });

      const list = await call(
        USER_TYPE.ADMIN,
        'get',
        `${ADMIN_API.userSiteCredentials}?userId=${user.id}`,
      );
      expect(siteCredentialSummaryListSchema.parse(list.body)).toEqual([
        { companyId: 101, storeId: 1, username: 'manager2', passwordSet: true },
      ]);
      expect(JSON.stringify(list.body)).not.toContain('site-Secret-42');
      const [entry] = await t.app.get(AuditService).list({ target: user.username });
      expect(entry?.action).toBe('user.siteCredentials');
      expect(JSON.stringify(entry)).not.toContain('site-Secret-42');
    });

    it('drops the credentials of a store the user loses', async () => {
      const user = await target(USER_TYPE.BASIC, { access: storeAccess });
      await call('root', 'patch', ADMIN_API.saveUserSiteCredentials, {
        username: user.username,
        company: 101,
        sitecredentials: { storeId: 1, username: 'm', password: 'p' },
      }).then((r) => expect(r.status).toBe(200));
      const service = t.app.get(SiteCredentialsService);
      // Access to all keeps them; losing the store drops them.
      await call('root', 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...pick(user), access: { all: true, companies: [] } },
      }).then((r) => expect(r.status).toBe(200));
      expect(await service.listForUser(user.id)).toHaveLength(1);
      await call('root', 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...pick(user), access: { all: false, companies: [] } },
      }).then((r) => expect(r.status).toBe(200));
      expect(await service.listForUser(user.id)).toEqual([]);
    });

    it('refuses a store the user may not open and a user above the caller', async () => {
      const user = await target(USER_TYPE.BASIC, { access: storeAccess });
      const other = await call('root', 'patch', ADMIN_API.saveUserSiteCredentials, {
        username: user.username,
        company: 101,
        sitecredentials: { storeId: 2, username: 'x', password: 'y' },
      });
      expect(other.status).toBe(403);
      const superAdmin = await target(USER_TYPE.SUPER_ADMIN, { access: storeAccess });
      const above = await call(USER_TYPE.ADMIN, 'patch', ADMIN_API.saveUserSiteCredentials, {
        username: superAdmin.username,
        company: 101,
        sitecredentials: { storeId: 1, username: 'x', password: 'y' },
      });
      expect(above.status).toBe(403);
      const service = t.app.get(SiteCredentialsService);
      expect(await service.listForUser(user.id)).toEqual([]);
      expect(await service.listForUser(superAdmin.id)).toEqual([]);
    });
  });

  describe('DELETE /admin/deleteuser', () => {
    it('deletes a user with its site credentials', async () => {
      const user = await target(USER_TYPE.BASIC, { access: { all: true, companies: [] } });
      await call('root', 'patch', ADMIN_API.saveUserSiteCredentials, {
        username: user.username,
        company: 101,
        sitecredentials: { storeId: 1, username: 'm', password: 'p' },
      }).then((r) => expect(r.status).toBe(200));
      const res = await call(
        USER_TYPE.ADMIN,
        'delete',
        `${ADMIN_API.deleteUser}?userId=${user.id}`,
      );
      expect(res.status).toBe(200);
      expect(await reload(user.id)).toBeNull();
      expect(await t.app.get(SiteCredentialsService).listForUser(user.id)).toEqual([]);
      const [entry] = await t.app.get(AuditService).list({ target: user.username });
      expect(entry?.action).toBe('user.delete');
    });

    it('refuses a SUPPORT-ADMIN deleting, even a BASIC user', async () => {
      const user = await target(USER_TYPE.BASIC);
      const res = await call(
        USER_TYPE.SUPPORT_ADMIN,
        'delete',
        `${ADMIN_API.deleteUser}?userId=${user.id}`,
      );
      expect(res.status).toBe(403);
      expect(await reload(user.id)).toEqual(user);
    });

    it('refuses an ADMIN deleting a SUPER-ADMIN, and anyone deleting itself', async () => {
      const superAdmin = await target(USER_TYPE.SUPER_ADMIN);
      const above = await call(
        USER_TYPE.ADMIN,
        'delete',
        `${ADMIN_API.deleteUser}?userId=${superAdmin.id}`,
      );
      expect(above.status).toBe(403);
      expect(await reload(superAdmin.id)).toEqual(superAdmin);
      const self = actors[USER_TYPE.ADMIN];
      const own = await call(
        USER_TYPE.ADMIN,
        'delete',
        `${ADMIN_API.deleteUser}?userId=${self.id}`,
      );
      expect(own.status).toBe(403);
      expect(await reload(self.id)).toEqual(self);
    });

    it('refuses a malformed id with 400 and an unknown one with 404', async () => {
      await call('root', 'delete', `${ADMIN_API.deleteUser}?userId=nope`).then((r) =>
        expect(r.status).toBe(400),
      );
      await call('root', 'delete', `${ADMIN_API.deleteUser}?userId=000000000000000000000000`).then(
        (r) => expect(r.status).toBe(404),
      );
    });
  });
});

/** The editable part of a user, as the save request carries it. */
function pick(user: User) {
  return {
    _id: user.id,
    usertype: user.usertype,
    enabled: user.enabled,
    access: user.access,
    applications: user.applications,
  };
}
