import {
  API,
  DEFAULT_APPS,
  DEMO_FLEET,
  loginResultSchema,
  newPasswordSchema,
  USER_TYPE,
  USER_TYPES,
} from '@store-cloud/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { IntegrationCompaniesRepository } from '../src/modules/companies/integration-companies.repository';
import { MasterDataRepository } from '../src/modules/master-data/master-data.repository';
import { SeedError } from '../src/modules/seed/seed.service';
import { AppsRepository } from '../src/modules/users/apps.repository';
import { UserTypesRepository } from '../src/modules/users/user-types.repository';
import { keepGeneratedPassword, runSeed } from '../src/seed';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { DEMO_STORE_COUNT } from './fixtures';

describe('seed', () => {
  describe('on a seeded database', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp('seed');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('created the user types, apps, demo master data and the admin the first time', () => {
      expect(t.seed).toEqual({
        userTypesCreated: USER_TYPES.length,
        appsCreated: DEFAULT_APPS.length,
        companiesCreated: DEMO_FLEET.companies.length,
        storesCreated: DEMO_STORE_COUNT,
        admin: { username: TEST_ADMIN.username, created: true },
      });
    });

    it('creates nothing when run again, and never a second admin', async () => {
      const again = await runSeed(t.app);
      const third = await runSeed(t.app);
      for (const s of [again, third]) {
        expect(s).toEqual({
          userTypesCreated: 0,
          appsCreated: 0,
          companiesCreated: 0,
          storesCreated: 0,
          admin: { username: TEST_ADMIN.username, created: false },
        });
      }
      expect(await t.users.countByUsertype(USER_TYPE.SUPER_ADMIN)).toBe(1);
      expect(await t.app.get(UserTypesRepository).list()).toEqual([...USER_TYPES]);
      expect(await t.app.get(AppsRepository).list()).toHaveLength(DEFAULT_APPS.length);
      const masterData = t.app.get(MasterDataRepository);
      expect(await masterData.countCompanies()).toBe(DEMO_FLEET.companies.length);
      expect(await masterData.countStores()).toBe(DEMO_STORE_COUNT);
    });

    it('gives the admin full access and every default app', async () => {
      const admin = await t.users.findByUsername(TEST_ADMIN.username);
      expect(admin).toMatchObject({
        enabled: true,
        usertype: USER_TYPE.SUPER_ADMIN,
        access: { all: true },
        applications: DEFAULT_APPS.map((a) => a.name),
      });
      // Repositories hand out plain objects without internals.
      expect(Object.keys(admin!).sort()).toEqual([
        'access',
        'applications',
        'enabled',
        'id',
        'username',
        'usertype',
      ]);
    });

    it('stores the demo stores under their companies', async () => {
      const stores = await t.app.get(MasterDataRepository).listStores();
      const first = DEMO_FLEET.companies[0]!;
      expect(
        stores
          .filter((s) => s.companyId === first.companyId)
          .map((s) => s.storeId)
          .sort(),
      ).toEqual(first.stores.map((s) => s.storeId).sort());
    });

    it('refuses a second user with the same name in another case (unique index)', async () => {
      await expect(
        t.createUser({ username: TEST_ADMIN.username.toUpperCase(), password: 'Whatever-1' }),
      ).rejects.toMatchObject({
        code: 11000,
      });
    });
  });

  describe('without ADMIN_PASSWORD', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp('seed_generated', { config: { adminPassword: undefined } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('generates a password that passes the password rule and logs in', async () => {
      const password = t.seed?.generatedPassword;
      expect(newPasswordSchema.safeParse(password).success).toBe(true);
      const res = await request(t.baseUrl)
        .post(API.login)
        .send({ username: TEST_ADMIN.username, password })
        .expect(200);
      expect(loginResultSchema.parse(res.body)).toMatchObject({ success: true, enabled: true });
    });

    it('generates it only once', async () => {
      const again = await runSeed(t.app);
      expect(again.generatedPassword).toBeUndefined();
      expect(again.admin.created).toBe(false);
    });
  });

  describe('with SEED_DEMO=false (compose without the demo)', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp('seed_no_demo', { config: { seedDemo: false } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('puts no demo companies or stores into the empty database, but the admin', async () => {
      expect(t.seed).toMatchObject({ companiesCreated: 0, storesCreated: 0 });
      expect(t.seed?.admin.created).toBe(true);
      const masterData = t.app.get(MasterDataRepository);
      expect(await masterData.countCompanies()).toBe(0);
      expect(await masterData.countStores()).toBe(0);
      expect(await t.app.get(IntegrationCompaniesRepository).count()).toBe(0);
    });
  });

  describe('keepGeneratedPassword (ADMIN_PASSWORD_FILE)', () => {
    it('writes the password into a file only its owner may read, also over an open file', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-password-'));
      try {
        const file = path.join(dir, 'admin-password');
        keepGeneratedPassword(file, 'first-Password-1');
        expect(fs.readFileSync(file, 'utf8')).toBe('first-Password-1\n');
        expect(fs.statSync(file).mode & 0o777).toBe(0o600);
        fs.chmodSync(file, 0o644);
        keepGeneratedPassword(file, 'second-Password-2');
        expect(fs.readFileSync(file, 'utf8')).toBe('second-Password-2\n');
        expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('with an ADMIN_PASSWORD that breaks the password rule', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp('seed_weak', { config: { adminPassword: 'weak' }, seed: false });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('stops with a message naming ADMIN_PASSWORD and creates no admin', async () => {
      await expect(runSeed(t.app)).rejects.toThrow(SeedError);
      await expect(runSeed(t.app)).rejects.toThrow(/^ADMIN_PASSWORD: .*at least 8 characters/);
      expect(await t.users.findByUsername(TEST_ADMIN.username)).toBeNull();
    });
  });
});
