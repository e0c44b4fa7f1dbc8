import {
  ACCESS_TOKEN_HEADER,
  companyTimeZoneSchema,
  ERROR_CODE,
  errorBodySchema,
  storeTimeZoneSchema,
  TIME_ZONE_API,
  TIME_ZONE_TEXT,
  USER_TYPE,
  type UserTypeName,
} from '@store-cloud/contracts';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';

/**
 * Store time zones (issue 32 item 2): a company's default is saved and read back, a name that is
 * no IANA zone is refused with the reason and changes nothing, only the admin types within their
 * companies read or set it, and a store's zone is its own, else its company's, else UTC.
 */
describe('time zones of companies and stores', () => {
  let t: TestApp;
  let admin: string;

  const get = (path: string, query: object, token = admin) =>
    request(t.baseUrl).get(path).query(query).set(ACCESS_TOKEN_HEADER, token);
  const put = (body: object, token = admin) =>
    request(t.baseUrl).put(TIME_ZONE_API.company).set(ACCESS_TOKEN_HEADER, token).send(body);
  const companyZone = async (companyId: number) =>
    companyTimeZoneSchema.parse((await get(TIME_ZONE_API.company, { companyId }).expect(200)).body);
  const storeZone = async (companyId: number, storeId: number, token = admin) =>
    storeTimeZoneSchema.parse(
      (await get(TIME_ZONE_API.store, { companyId, storeId }, token).expect(200)).body,
    );
  async function userToken(name: string, usertype: UserTypeName, access: object) {
    const username = `${name}@time-zones.test`;
    await t.createUser({ username, password: 'User-Pass-123', usertype, access: access as never });
    return t.login({ username, password: 'User-Pass-123' });
  }
  /** A store's own zone, as master data (the integration import) writes it. */
  const setStoreZone = (companyId: number, storeId: number, timeZone: string) =>
    t.app
      .get<Connection>(getConnectionToken())
      .collection('retailstores')
      .updateOne({ companyId, storeId }, { $set: { timeZone } });

  beforeAll(async () => {
    t = await createTestApp('time_zones');
    admin = await t.login(TEST_ADMIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("saves a company's default, reads it back, and clears it with ''", async () => {
    expect(await companyZone(101)).toEqual({ companyId: 101, timeZone: null });
    const saved = companyTimeZoneSchema.parse(
      (await put({ companyId: 101, timeZone: 'Europe/Oslo' }).expect(200)).body,
    );
    expect(saved).toEqual({ companyId: 101, timeZone: 'Europe/Oslo' });
    expect(await companyZone(101)).toEqual({ companyId: 101, timeZone: 'Europe/Oslo' });
    // Another company's default is its own.
    expect(await companyZone(202)).toEqual({ companyId: 202, timeZone: null });

    await put({ companyId: 101, timeZone: '' }).expect(200);
    expect(await companyZone(101)).toEqual({ companyId: 101, timeZone: null });
  });

  it('refuses a name that is no time zone with the reason, and keeps the saved one', async () => {
    await put({ companyId: 202, timeZone: 'America/Chicago' }).expect(200);
    for (const timeZone of ['Mars/Olympus_Mons', 'Europe/Osloo', 'GMT+25', 'x'.repeat(101)]) {
      const res = await put({ companyId: 202, timeZone });
      expect(res.status).toBe(400);
      const body = errorBodySchema.parse(res.body);
      expect(body.code).toBe(ERROR_CODE.validation);
      expect(body.message).toContain('timeZone');
      if (timeZone.length <= 100) expect(body.message).toContain(TIME_ZONE_TEXT.invalid);
    }
    // No company id, or one master data does not have.
    expect((await put({ timeZone: 'Europe/Oslo' })).status).toBe(400);
    const missing = await put({ companyId: 999, timeZone: 'Europe/Oslo' });
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(missing.body).message).toBe(TIME_ZONE_TEXT.noCompany);
    expect(await companyZone(202)).toEqual({ companyId: 202, timeZone: 'America/Chicago' });
  });

  it('lets only the admin types within their companies read or set a default', async () => {
    await put({ companyId: 303, timeZone: 'Asia/Tokyo' }).expect(200);
    const basic = await userToken('basic', USER_TYPE.BASIC, { all: true, companies: [] });
    await get(TIME_ZONE_API.company, { companyId: 303 }, basic).expect(403);
    await put({ companyId: 303, timeZone: 'Europe/Oslo' }, basic).expect(403);

    const limited = await userToken('admin-202', USER_TYPE.ADMIN, {
      all: false,
      companies: [{ companyId: 202, companyName: 'x', stores: [] }],
    });
    await get(TIME_ZONE_API.company, { companyId: 303 }, limited).expect(403);
    await put({ companyId: 303, timeZone: 'Europe/Oslo' }, limited).expect(403);
    expect(await companyZone(303)).toEqual({ companyId: 303, timeZone: 'Asia/Tokyo' });
    // Within its own company it may.
    await put({ companyId: 202, timeZone: 'Europe/Lisbon' }, limited).expect(200);
    expect(
      companyTimeZoneSchema.parse(
        (await get(TIME_ZONE_API.company, { companyId: 202 }, limited).expect(200)).body,
      ),
    ).toEqual({ companyId: 202, timeZone: 'Europe/Lisbon' });
  });

  it("gives a store its own zone, else its company's default, else UTC", async () => {
    await put({ companyId: 101, timeZone: 'Europe/Berlin' }).expect(200);
    await setStoreZone(101, 3, 'America/New_York');
    expect(await storeZone(101, 3)).toEqual({
      companyId: 101,
      storeId: 3,
      timeZone: 'America/New_York',
      source: 'store',
    });
    expect(await storeZone(101, 1)).toEqual({
      companyId: 101,
      storeId: 1,
      timeZone: 'Europe/Berlin',
      source: 'company',
    });
    // The company's default follows a change at once; the store's own stays.
    await put({ companyId: 101, timeZone: 'Europe/Oslo' }).expect(200);
    expect((await storeZone(101, 1)).timeZone).toBe('Europe/Oslo');
    expect((await storeZone(101, 3)).timeZone).toBe('America/New_York');
    await put({ companyId: 101, timeZone: '' }).expect(200);
    expect(await storeZone(101, 1)).toEqual({
      companyId: 101,
      storeId: 1,
      timeZone: 'UTC',
      source: 'default',
    });
  });

  it("shows a store's zone only to a user who may see the store", async () => {
    await put({ companyId: 101, timeZone: 'Europe/Oslo' }).expect(200);
    const assigned = await userToken('assigned', USER_TYPE.BASIC, {
      all: false,
      companies: [
        {
          companyId: 101,
          companyName: 'x',
          stores: [{ storeId: 2, storeName: 'Mill Lane', enabled: true }],
        },
      ],
    });
    expect((await storeZone(101, 2, assigned)).timeZone).toBe('Europe/Oslo');
    await get(TIME_ZONE_API.store, { companyId: 101, storeId: 1 }, assigned).expect(403);
    await get(TIME_ZONE_API.store, { companyId: 202, storeId: 1 }, assigned).expect(403);
  });
});
