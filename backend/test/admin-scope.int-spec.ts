import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  API,
  COMPANY_API,
  connectionsListSchema,
  messageQueueSchema,
  SITE_API,
  systemStatusSchema,
  type User,
  type UserAccess,
  userListSchema,
  userViewSchema,
  USER_TYPE,
  type UserTypeName,
  toUserView,
} from '@store-cloud/contracts';
import request from 'supertest';
import { MessageQueueService } from '../src/modules/sites/message-queue.service';
import { PortalConnectionsRepository } from '../src/modules/portal-connections/portal-connections.repository';
import { SiteCredentialsService } from '../src/modules/site-credentials/site-credentials.service';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { demoFleetAccess } from './users';

const PASSWORD = 'Scope-Pass-123';

/**
 * Company-limited administrators (issue 13 point 5): an ADMIN or SUPPORT-ADMIN whose access is
 * company 101 grants, edits, closes and sees only within company 101, and never `access.all`.
 */
describe('company-limited administrators', () => {
  let t: TestApp;
  let root: string;
  let scopedAdmin: User;
  let scoped: string;
  let scopedSupport: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp('admin_scope');
    root = await t.login(TEST_ADMIN);
    scopedAdmin = await t.createUser({
      username: 'scoped-admin@scope.test',
      password: PASSWORD,
      usertype: USER_TYPE.ADMIN,
      access: demoFleetAccess([[101, [1, 2]]]),
    });
    scoped = await t.login({ username: scopedAdmin.username, password: PASSWORD });
    const support = await t.createUser({
      username: 'scoped-support@scope.test',
      password: PASSWORD,
      usertype: USER_TYPE.SUPPORT_ADMIN,
      access: demoFleetAccess([[101]]),
    });
    scopedSupport = await t.login({ username: support.username, password: PASSWORD });
  });
  afterAll(() => t?.close());

  const call = (token: string, method: 'get' | 'post' | 'patch', path: string, body?: object) => {
    const req = request(t.baseUrl)[method](path).set(ACCESS_TOKEN_HEADER, token);
    return body ? req.send(body) : req;
  };
  const userWith = (access: UserAccess, usertype: UserTypeName = USER_TYPE.BASIC) =>
    t.createUser({
      username: `user-${(counter += 1)}@scope.test`,
      password: PASSWORD,
      usertype,
      access,
    });
  const save = (token: string, user: User, changes: Partial<User>) =>
    call(token, 'patch', ADMIN_API.saveUserChanges, {
      userdata: { ...toUserView(user), ...changes },
    });

  it('sees only the users within its companies', async () => {
    const inside = await userWith(demoFleetAccess([[101, [1]]]));
    const fresh = await userWith({ all: false, companies: [] });
    const outside = await userWith(demoFleetAccess([[202]]));
    const both = await userWith(demoFleetAccess([[101], [202]]));
    const everywhere = await userWith({ all: true, companies: [] });
    const names = userListSchema
      .parse((await call(scoped, 'get', ADMIN_API.users).expect(200)).body)
      .map((u) => u.username);
    expect(names).toContain(inside.username);
    for (const hidden of [fresh, outside, both, everywhere]) {
      expect(names).not.toContain(hidden.username);
    }
    // Nor may it act on them.
    await call(scoped, 'patch', ADMIN_API.setPassword, {
      username: outside.username,
      newPassword: 'Another-Pass-9',
    }).expect(404);
    await save(scoped, everywhere, { enabled: false }).expect(404);
    expect((await t.users.findById(everywhere.id))?.enabled).toBe(true);
  });

  it('leaves a user without a company alone: no company-limited admin may list, reset, enable, edit, give it a company or delete it', async () => {
    for (const token of [scoped, scopedSupport]) {
      const orphan = await t.createUser({
        username: `orphan-${(counter += 1)}@scope.test`,
        password: PASSWORD,
        enabled: false,
      });
      const names = userListSchema
        .parse((await call(token, 'get', ADMIN_API.users).expect(200)).body)
        .map((u) => u.username);
      expect(names).not.toContain(orphan.username);
      await call(token, 'patch', ADMIN_API.setPassword, {
        username: orphan.username,
        newPassword: 'Taken-Over-123',
      }).expect(404);
      await save(token, orphan, { enabled: true }).expect(404);
      await save(token, orphan, { access: demoFleetAccess([[101, [1]]]) }).expect(404);
      await call(token, 'get', `${ADMIN_API.userSiteCredentials}?userId=${orphan.id}`).expect(404);
      await request(t.baseUrl)
        .delete(`${ADMIN_API.deleteUser}?userId=${orphan.id}`)
        .set(ACCESS_TOKEN_HEADER, token)
        .expect(token === scoped ? 404 : 403);
      // Untouched: still disabled, no company, its own password.
      expect(await t.users.findById(orphan.id)).toMatchObject({
        enabled: false,
        access: { all: false, companies: [] },
      });
      await request(t.baseUrl)
        .post(API.login)
        .send({ username: orphan.username, password: 'Taken-Over-123' })
        .expect(401);

      // An all-companies admin gives it its first company; from then on it is company 101's.
      await save(root, orphan, { access: demoFleetAccess([[101, [1]]]) }).expect(200);
      await save(
        token,
        { ...orphan, access: demoFleetAccess([[101, [1]]]) },
        {
          enabled: true,
        },
      ).expect(200);
    }
  });

  it('gives the users it creates its own companies, no store enabled, and keeps them there', async () => {
    for (const token of [scoped, scopedSupport]) {
      const created = userViewSchema.parse(
        (
          await call(token, 'post', ADMIN_API.createUser, {
            username: `created-${(counter += 1)}@scope.test`,
            password: PASSWORD,
            usertype: USER_TYPE.BASIC,
          }).expect(201)
        ).body,
      );
      expect(created).toMatchObject({
        enabled: false,
        access: {
          all: false,
          companies: [{ companyId: 101, companyName: expect.any(String), stores: [] }],
        },
      });
      const names = userListSchema
        .parse((await call(token, 'get', ADMIN_API.users).expect(200)).body)
        .map((u) => u.username);
      expect(names).toContain(created.username);
      // The next screen edits it: a store of its own company, enabled.
      await call(token, 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...created, enabled: true, access: demoFleetAccess([[101, [1]]]) },
      }).expect(200);
      // Taking its last company away would leave it in no tenant.
      await call(token, 'patch', ADMIN_API.saveUserChanges, {
        userdata: { ...created, access: { all: false, companies: [] } },
      }).expect(403);
    }
    // An all-companies admin creates it as the spec says: no access.
    const plain = await call(root, 'post', ADMIN_API.createUser, {
      username: `created-${(counter += 1)}@scope.test`,
      password: PASSWORD,
      usertype: USER_TYPE.BASIC,
    }).expect(201);
    expect(userViewSchema.parse(plain.body).access).toEqual({ all: false, companies: [] });
  });

  it('cannot give itself or anyone access to all companies, nor a company or store it lacks', async () => {
    const user = await userWith(demoFleetAccess([[101, [1]]]));
    await save(scoped, scopedAdmin, { access: { all: true, companies: [] } }).expect(403);
    await save(scoped, user, { access: { all: true, companies: [] } }).expect(403);
    await save(scoped, user, { access: demoFleetAccess([[202, [1]]]) }).expect(403);
    await save(scoped, user, { access: demoFleetAccess([[101, [3]]]) }).expect(403);
    await save(scopedSupport, user, { access: { all: true, companies: [] } }).expect(403);
    expect((await t.users.findById(user.id))?.access).toEqual(demoFleetAccess([[101, [1]]]));
    expect((await t.users.findById(scopedAdmin.id))?.access.all).toBe(false);

    // Within its own companies and stores it grants as before.
    await save(scoped, user, { access: demoFleetAccess([[101, [2]]]) }).expect(200);
    expect((await t.users.findById(user.id))?.access).toEqual(demoFleetAccess([[101, [2]]]));
    // An all-companies admin still may.
    await save(root, user, { access: demoFleetAccess([[202]]) }).expect(200);
  });

  it('edits site credentials and company credentials only within its companies', async () => {
    const user = await userWith(demoFleetAccess([[101, [1]]]));
    const mixed = await userWith(
      demoFleetAccess([
        [101, [1]],
        [202, [1]],
      ]),
    );
    const siteCredentials = (target: User, company: number) =>
      call(scoped, 'patch', ADMIN_API.saveUserSiteCredentials, {
        username: target.username,
        company,
        sitecredentials: { storeId: 1, username: 'manager', password: 'site-pass' },
      });
    await siteCredentials(user, 101).expect(200);
    // A user who also has a company outside the admin's is outside its reach altogether.
    await siteCredentials(mixed, 101).expect(404);
    await siteCredentials(mixed, 202).expect(404);
    const saved = t.app.get(SiteCredentialsService);
    expect((await saved.listForUser(user.id)).map((c) => c.companyId)).toEqual([101]);
    expect(await saved.listForUser(mixed.id)).toEqual([]);

    const company = (companyId: number) =>
      call(scoped, 'post', COMPANY_API.integrationCompany, {
        companyId,
        evobos: { username: 'scoped-edit', password: 'scoped-pass' },
        stores: [],
      });
    await company(202).expect(403);
    await company(101).expect(200);
    const companies = (await call(root, 'get', COMPANY_API.integrationCompanies).expect(200))
      .body as Array<{ companyId: number; evobos?: { username: string } }>;
    expect(companies.find((c) => c.companyId === 202)?.evobos?.username).not.toBe('scoped-edit');
    expect(companies.find((c) => c.companyId === 101)?.evobos?.username).toBe('scoped-edit');
  });

  it('sees and saves only its own companies on the Companies screen', async () => {
    const ids = (body: Array<{ companyId: number }>) => body.map((c) => c.companyId).sort();
    const before = ids(
      (await call(root, 'get', COMPANY_API.integrationCompanies).expect(200)).body,
    );
    expect(before).toEqual(expect.arrayContaining([101, 202]));
    expect(
      ids((await call(scoped, 'get', COMPANY_API.integrationCompanies).expect(200)).body),
    ).toEqual([101]);
    expect(ids((await call(scoped, 'get', COMPANY_API.companies).expect(200)).body)).toEqual([101]);
    const stores = (await call(scoped, 'get', COMPANY_API.retailStores).expect(200)).body as Array<{
      companyId: number;
    }>;
    expect(new Set(stores.map((s) => s.companyId))).toEqual(new Set([101]));

    // Adding a company outside its access is refused; its own list leaves the others alone.
    await call(scoped, 'post', COMPANY_API.integrationCompanies, {
      companies: [
        { companyId: 101, companyName: 'any' },
        { companyId: 202, companyName: 'any' },
      ],
    }).expect(403);
    const saved = await call(scoped, 'post', COMPANY_API.integrationCompanies, {
      companies: [{ companyId: 101, companyName: 'any' }],
    }).expect(200);
    expect(ids(saved.body)).toEqual([101]);
    expect(
      ids((await call(root, 'get', COMPANY_API.integrationCompanies).expect(200)).body),
    ).toEqual(before);
  });

  it('closes and sees only the store connections of its companies', async () => {
    const connections = t.app.get(PortalConnectionsRepository);
    const now = new Date().toISOString();
    const open = (company: number, store: number, user: string) =>
      connections.open({
        company,
        store,
        user,
        cid: `${company}-${store}`,
        lastAccessed: now,
        lastSeen: now,
        since: now,
      });
    await open(101, 1, 'someone@scope.test');
    await open(202, 1, 'elsewhere@scope.test');

    const listed = connectionsListSchema.parse(
      (await call(scoped, 'get', SITE_API.connectionsList).expect(200)).body,
    );
    expect(listed.map((c) => [c.company, c.store])).toEqual([[101, 1]]);
    const status = systemStatusSchema.parse(
      (await call(scoped, 'get', SITE_API.systemStatus).expect(200)).body,
    );
    expect(status.portalConnectionsList.map((c) => c.company)).toEqual([101]);

    await call(scoped, 'post', SITE_API.closeSiteConnection, { company: 202, store: 1 }).expect(
      403,
    );
    expect(await connections.get(202, 1)).toBeDefined();
    await call(scoped, 'post', SITE_API.closeSiteConnection, { company: 101, store: 1 }).expect(
      200,
    );
    expect(await connections.get(101, 1)).toBeUndefined();
    // The all-companies admin sees and closes everything.
    const all = connectionsListSchema.parse(
      (await call(root, 'get', SITE_API.connectionsList).expect(200)).body,
    );
    expect(all.map((c) => c.company)).toEqual([202]);
    await call(root, 'post', SITE_API.closeSiteConnection, { company: 202, store: 1 }).expect(200);
  });

  it('sees only the held messages of its companies, and may not clear everyone’s', async () => {
    const queue = t.app.get(MessageQueueService);
    const held = (company: number) =>
      queue.hold(company, 1, {
        method: 'POST',
        path: '/broadcastMessage',
        query: { c: String(company), s: '1' },
        body: { text: `for ${company}` },
      });
    const mine = await held(101);
    await held(202);
    const seen = messageQueueSchema.parse(
      (await call(scoped, 'get', SITE_API.messageQueue).expect(200)).body,
    );
    expect(seen.map((i) => i.id)).toEqual([mine.id]);
    await request(t.baseUrl)
      .delete(SITE_API.messageQueue)
      .set(ACCESS_TOKEN_HEADER, scoped)
      .expect(403);
    expect(
      messageQueueSchema.parse((await call(root, 'get', SITE_API.messageQueue)).body),
    ).toHaveLength(2);
    await request(t.baseUrl)
      .delete(SITE_API.messageQueue)
      .set(ACCESS_TOKEN_HEADER, root)
      .expect(200);
  });
});
