import {
  ACCESS_TOKEN_HEADER,
  BOS_API,
  BOS_VERSIONS,
  bosVersionsSchema,
  cloudCompanyListSchema,
  COMPANY_API,
  COMPANY_REMOVAL_TEXT,
  ERROR_CODE,
  integrationCompanyListSchema,
  integrationCompanySchema,
  portalCompanyListSchema,
  retailStoreListSchema,
  updateIntegrationCompaniesResultSchema,
  USER_TYPE,
  type UserTypeName,
} from '@store-cloud/contracts';
import request from 'supertest';
import { CompanyCredentialsCipher } from '../src/modules/companies/company-credentials.cipher';
import { IntegrationCompaniesRepository } from '../src/modules/companies/integration-companies.repository';
import { MasterDataRepository } from '../src/modules/master-data/master-data.repository';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';

const DEFAULTS = { companyDefaultUsername: '101', companyDefaultPassword: 'Default-Site-Pass' };

describe('companies and integration companies', () => {
  let t: TestApp;
  let admin: string;

  const login = (username: string, password: string) => t.login({ username, password });
  const get = (path: string, token = admin) =>
    request(t.baseUrl).get(path).set(ACCESS_TOKEN_HEADER, token);
  const post = (path: string, body: object, token = admin) =>
    request(t.baseUrl).post(path).set(ACCESS_TOKEN_HEADER, token).send(body);
  async function userToken(
    name: string,
    usertype: UserTypeName,
    access = { all: false, companies: [] as never[] },
  ) {
    const username = `${name}@companies.test`;
    await t.createUser({ username, password: 'User-Pass-123', usertype, access });
    return login(username, 'User-Pass-123');
  }

  beforeAll(async () => {
    t = await createTestApp('companies', { config: DEFAULTS });
    admin = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    // Master data beyond the demo fleet, not yet connected.
    await t.app
      .get(MasterDataRepository)
      .insertCompanies([{ companyId: 404, companyName: 'Outback Oil' }]);
    await t.app.get(MasterDataRepository).insertStores([
      { companyId: 404, storeId: 0, storeName: 'Head Office', isActive: true },
      { companyId: 404, storeId: 1, storeName: 'Dune', isActive: true },
      { companyId: 404, storeId: 2, storeName: 'Closed', isActive: false },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists master data for admins only', async () => {
    const companies = cloudCompanyListSchema.parse(
      (await get(COMPANY_API.companies).expect(200)).body,
    );
    expect(companies.map((c) => c.companyId)).toEqual([101, 202, 303, 404]);
    const stores = retailStoreListSchema.parse(
      (await get(COMPANY_API.retailStores).expect(200)).body,
    );
    expect(stores.filter((s) => s.companyId === 404)).toHaveLength(3);
    const basic = await userToken('basic-master', USER_TYPE.BASIC);
    await get(COMPANY_API.companies, basic).expect(403);
    await get(COMPANY_API.integrationCompanies, basic).expect(403);
  });

  it('gives an all-sites user every connected company, sorted, with live status', async () => {
    const list = portalCompanyListSchema.parse(
      (await get(COMPANY_API.companiesForUser).expect(200)).body,
    );
    expect(list.map((c) => c.companyId)).toEqual([101, 202, 303]);
    expect(list[0]!.stores.map((s) => s.storeId)).toEqual([1, 2, 3, 4]);
    expect(list[0]!.stores[0]).toMatchObject({ storeName: 'Harbour Road', status: 0 });
  });

  it('gives other users their enabled assigned stores of connected companies only', async () => {
    const token = await userToken('assigned', USER_TYPE.BASIC, {
      all: false,
      companies: [
        {
          companyId: 101,
          companyName: 'Northway Fuels',
          stores: [
            { storeId: 2, storeName: 'Mill Lane', enabled: true },
            { storeId: 3, storeName: 'Station Square', enabled: false },
          ],
        },
        // Not connected to the platform: left out.
        { companyId: 404, companyName: 'Outback Oil', stores: [] },
      ] as never[],
    });
    const list = portalCompanyListSchema.parse(
      (await get(COMPANY_API.companiesForUser, token).expect(200)).body,
    );
    expect(list).toEqual([
      {
        companyId: 101,
        companyName: 'Northway Fuels',
        stores: [{ companyId: 101, storeId: 2, storeName: 'Mill Lane', status: 0 }],
      },
    ]);
    const status = (await get(COMPANY_API.allStoresStatus, token).expect(200)).body;
    expect(status).toEqual([{ companyId: 101, storeId: 2, status: 0 }]);
  });

  it('connects a company with its active stores and the default company credentials', async () => {
    const saved = integrationCompanyListSchema.parse(
      (
        await post(COMPANY_API.integrationCompanies, {
          companies: [101, 202, 303, 404].map((companyId) => ({ companyId, companyName: 'x' })),
        }).expect(200)
      ).body,
    );
    const outback = saved.find((c) => c.companyId === 404)!;
    expect(outback.companyName).toBe('Outback Oil');
    expect(outback.stores.map((s) => s.storeId)).toEqual([1]);
    expect(outback.evobos).toEqual({ username: '101', passwordSet: true });
    expect(JSON.stringify(saved)).not.toContain(DEFAULTS.companyDefaultPassword);
    const stored = await t.app.get(IntegrationCompaniesRepository).findOne(404);
    // Encrypted at rest, bound to the company.
    expect(stored?.evobos?.username).toBe('101');
    expect(stored?.evobos?.password).toMatch(/^v1:/);
    expect(t.app.get(CompanyCredentialsCipher).companyPassword(404, stored!.evobos!)).toBe(
      DEFAULTS.companyDefaultPassword,
    );
  });

  it('refuses unknown companies', async () => {
    await post(COMPANY_API.integrationCompanies, {
      companies: [101, 202, 303, 404, 999].map((companyId) => ({ companyId, companyName: 'x' })),
    }).expect(400);
  });

  it('lets SUPPORT-ADMIN add but not remove companies', async () => {
    const support = await userToken('support', USER_TYPE.SUPPORT_ADMIN);
    const body = {
      companies: [101, 202, 303].map((companyId) => ({ companyId, companyName: '' })),
    };
    const res = await post(COMPANY_API.integrationCompanies, body, support).expect(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(await t.app.get(IntegrationCompaniesRepository).findOne(404)).toBeDefined();
  });

  it('finds new active stores of connected companies, once', async () => {
    await t.app
      .get(MasterDataRepository)
      .insertStores([{ companyId: 404, storeId: 3, storeName: 'Billabong', isActive: true }]);
    const first = updateIntegrationCompaniesResultSchema.parse(
      (await post(COMPANY_API.updateIntegrationCompanies, {}).expect(200)).body,
    );
    expect(first.added).toEqual([{ companyId: 404, storeIds: [3] }]);
    const again = updateIntegrationCompaniesResultSchema.parse(
      (await post(COMPANY_API.updateIntegrationCompanies, {}).expect(200)).body,
    );
    expect(again.added).toEqual([]);
  });

  it('saves one company: credentials, installed ids, and the removal rules', async () => {
    const res = await post(COMPANY_API.integrationCompany, {
      companyId: 404,
      evobos: { username: 'co-user', password: 'Co-Pass-1' },
      stores: [
        {
          storeId: 1,
          installed: { companyId: 9, storeId: 77 },
          enterprise: {},
          evobos: { username: 'store-user', password: 'Store-Pass-1' },
          showDetail: true,
        },
        { storeId: 3, evobos: { username: '', password: 'ignored' }, installed: {} },
        { storeId: 0, evobos: { username: 'nobody', password: 'x' } },
      ],
    }).expect(200);
    const company = integrationCompanySchema.parse(res.body);
    expect(company.evobos).toEqual({ username: 'co-user', passwordSet: true });
    expect(company.stores).toEqual([
      {
        storeId: 1,
        storeName: 'Dune',
        companyId: 404,
        isActive: true,
        installed: { companyId: 9, storeId: 77 },
        evobos: { username: 'store-user', passwordSet: true },
      },
      { storeId: 3, storeName: 'Billabong', companyId: 404, isActive: true },
    ]);
    const repo = t.app.get(IntegrationCompaniesRepository);
    expect((await repo.findOne(404))?.stores[0]).not.toHaveProperty('showDetail');

    // An empty password keeps the stored one; an empty user name removes the credentials.
    await post(COMPANY_API.integrationCompany, {
      companyId: 404,
      evobos: { username: 'co-user-2', password: '' },
      stores: [{ storeId: 1, evobos: { username: '' } }],
    }).expect(200);
    const stored = await repo.findOne(404);
    expect(stored?.evobos?.username).toBe('co-user-2');
    expect(t.app.get(CompanyCredentialsCipher).companyPassword(404, stored!.evobos!)).toBe(
      'Co-Pass-1',
    );
    expect(stored?.stores[0]).not.toHaveProperty('evobos');
    expect(stored?.stores[0]?.installed).toEqual({ companyId: 9, storeId: 77 });

    await post(COMPANY_API.integrationCompany, { companyId: 999, stores: [] }).expect(404);
  });

  it('refuses an empty company list and changes nothing', async () => {
    const before = await get(COMPANY_API.integrationCompanies).expect(200);
    const res = await post(COMPANY_API.integrationCompanies, { companies: [] }).expect(400);
    expect(res.body.code).toBe(ERROR_CODE.validation);
    expect(JSON.stringify(res.body)).toContain(COMPANY_REMOVAL_TEXT.emptyList);
    expect((await get(COMPANY_API.integrationCompanies).expect(200)).body).toEqual(before.body);
  });

  it('removes a configured company only when confirmed, and re-adding it restores it', async () => {
    const repo = t.app.get(IntegrationCompaniesRepository);
    expect(await repo.setMediaFolder(404, 'outback-media', ['promo'])).toBe(true);
    expect(await repo.setStoreTags(404, 1, ['promo'])).toBe(true);
    const configured = await repo.findOne(404);
    const others = [101, 202, 303].map((companyId) => ({ companyId, companyName: '' }));

    const refused = await post(COMPANY_API.integrationCompanies, { companies: others }).expect(409);
    expect(refused.body.code).toBe(ERROR_CODE.confirmationRequired);
    expect(refused.body.issues).toEqual([
      {
        path: '404',
        message: `404 - Outback Oil: ${COMPANY_REMOVAL_TEXT.consequence({
          mediaFolder: 'outback-media',
          schedules: 0,
          credentials: true,
        })}`,
      },
    ]);
    expect(await repo.findOne(404)).toEqual(configured);

    await post(COMPANY_API.integrationCompanies, {
      companies: others,
      confirmRemoval: [404],
    }).expect(200);
    const listed = integrationCompanyListSchema.parse(
      (await get(COMPANY_API.integrationCompanies).expect(200)).body,
    );
    expect(listed.map((c) => c.companyId)).toEqual([101, 202, 303]);
    const home = portalCompanyListSchema.parse(
      (await get(COMPANY_API.companiesForUser).expect(200)).body,
    );
    expect(home.map((c) => c.companyId)).not.toContain(404);
    expect(await repo.findOne(404)).toBeUndefined();
    await post(COMPANY_API.integrationCompany, { companyId: 404, stores: [] }).expect(404);

    await post(COMPANY_API.integrationCompanies, {
      companies: [...others, { companyId: 404, companyName: '' }],
    }).expect(200);
    expect(await repo.findOne(404)).toEqual(configured);
  });

  it('tells which evoBOS a serving version needs, and the versions on offer', async () => {
    const basic = await userToken('basic-bos', USER_TYPE.BASIC);
    expect((await get(`${BOS_API.bosVersion}?evoserv=5.3.11`, basic).expect(200)).body).toEqual({
      bosToUse: 2,
    });
    expect((await get(`${BOS_API.bosVersion}?evoserv=x`, basic).expect(200)).body).toEqual({
      bosToUse: 0,
    });
    await get(BOS_API.bosVersion, basic).expect(400);
    expect(
      bosVersionsSchema.parse((await get(BOS_API.bosVersions, basic).expect(200)).body),
    ).toEqual(BOS_VERSIONS);
  });

  it('restricts companies to the whitelist', async () => {
    const w = await createTestApp('companies-whitelist', { config: { companyWhitelist: [202] } });
    try {
      const token = await w.login(TEST_ADMIN);
      const list = portalCompanyListSchema.parse(
        (
          await request(w.baseUrl)
            .get(COMPANY_API.companiesForUser)
            .set(ACCESS_TOKEN_HEADER, token)
            .expect(200)
        ).body,
      );
      expect(list.map((c) => c.companyId)).toEqual([202]);
      const master = (
        await request(w.baseUrl).get(COMPANY_API.companies).set(ACCESS_TOKEN_HEADER, token)
      ).body as unknown[];
      expect(master).toHaveLength(1);
    } finally {
      await w.close();
    }
  });
});
