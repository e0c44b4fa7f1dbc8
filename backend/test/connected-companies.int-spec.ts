import {
  ACCESS_TOKEN_HEADER,
  COMPANY_API,
  portalCompanyListSchema,
  SITE_API,
  STORE_STATUS,
} from '@store-cloud/contracts';
import request from 'supertest';
import { ConnectedCompaniesView } from '../src/modules/companies/connected-companies.view';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { forgetRedisKeys } from './redis-keys';
import { connected, openTentacle } from './sockets';
import { allStoresStatus } from './store-status';

const DEMO = [101, 202, 303];

/**
 * Each node keeps a copy of the connected companies for the status and Home (issue 15: FerretDB
 * takes about a second to read 20,000 stores). A change saved on one node shows on the other's
 * next read, also after Redis forgot everything.
 */
describe('the connected companies kept by each node', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;

  beforeAll(async () => {
    a = await createTestApp('connected_companies');
    b = await createTestApp('connected_companies');
    admin = await a.login(TEST_ADMIN);
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
  });

  const companiesInStatus = async (t: TestApp) =>
    [...new Set((await allStoresStatus(t.baseUrl, admin)).map((s) => s.companyId))].sort();
  const companiesOnHome = async (t: TestApp) => {
    const res = await request(t.baseUrl)
      .get(COMPANY_API.companiesForUser)
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(200);
    return portalCompanyListSchema.parse(res.body).map((c) => c.companyId);
  };
  const save = (t: TestApp, companies: number[], confirmRemoval: number[] = []) =>
    request(t.baseUrl)
      .post(COMPANY_API.integrationCompanies)
      .set(ACCESS_TOKEN_HEADER, admin)
      .send({
        companies: companies.map((companyId) => ({ companyId, companyName: 'x' })),
        ...(confirmRemoval.length ? { confirmRemoval } : {}),
      })
      .expect(200);

  it('shows a company removed on node A, and connected again, in node B’s next status and Home', async () => {
    // B has read (and keeps) the demo fleet.
    expect(await companiesInStatus(b)).toEqual(DEMO);
    expect(await companiesOnHome(b)).toEqual(DEMO);

    await save(a, [101, 202], [303]);
    expect(await companiesInStatus(b)).toEqual([101, 202]);
    expect(await companiesOnHome(b)).toEqual([101, 202]);

    await save(a, DEMO);
    expect(await companiesInStatus(b)).toEqual(DEMO);
    expect(await companiesOnHome(b)).toEqual(DEMO);
  });

  it('reads the companies once for many callers at the same time, and again after Redis forgot everything', async () => {
    const view = b.app.get(ConnectedCompaniesView);
    const lists = await Promise.all(Array.from({ length: 20 }, () => view.list()));
    // One copy, shared by every caller.
    expect(new Set(lists).size).toBe(1);
    expect(await view.list()).toBe(lists[0]);

    expect(await forgetRedisKeys(b.config.redisUrl, b.config.redisPrefix)).toBeGreaterThan(0);
    // Without its stamp the copy is not trusted: read again, and kept again.
    const fresh = await view.list();
    expect(fresh).not.toBe(lists[0]);
    expect(fresh.map((c) => c.companyId)).toEqual(DEMO);
    await save(a, [101, 202], [303]);
    expect(await companiesInStatus(b)).toEqual([101, 202]);
    await save(a, DEMO);
    expect(await companiesInStatus(b)).toEqual(DEMO);
  });

  it('answers node B’s status again only while nothing in it changed: a store online, a connection, its end', async () => {
    const statusOf = async (t: TestApp, store: number) =>
      (await allStoresStatus(t.baseUrl, admin)).find(
        (s) => s.companyId === 202 && s.storeId === store,
      );
    expect(await statusOf(b, 1)).toEqual({ companyId: 202, storeId: 1, status: 0 });
    const socket = openTentacle(a.baseUrl, { company: 202, store: 1, tentacleVersion: '5.1.0' });
    try {
      await connected(socket);
      await eventually(
        () => statusOf(b, 1),
        (s) => s?.status === STORE_STATUS.online,
      );
      expect(await statusOf(b, 1)).toEqual({
        companyId: 202,
        storeId: 1,
        status: STORE_STATUS.online,
        tentacleVersion: '5.1.0',
      });
      const site = { company: 202, store: 1 };
      await request(a.baseUrl)
        .post(SITE_API.siteConnect)
        .set(ACCESS_TOKEN_HEADER, admin)
        .send(site)
        .expect(200);
      expect(await statusOf(b, 1)).toMatchObject({
        status: STORE_STATUS.connected,
        connectedBy: TEST_ADMIN.username,
      });
      await request(a.baseUrl)
        .post(SITE_API.siteLogout)
        .set(ACCESS_TOKEN_HEADER, admin)
        .send(site)
        .expect(200);
      expect(await statusOf(b, 1)).toEqual({
        companyId: 202,
        storeId: 1,
        status: STORE_STATUS.online,
        tentacleVersion: '5.1.0',
      });
    } finally {
      socket.disconnect();
    }
    await eventually(
      () => statusOf(b, 1),
      (s) => s?.status === STORE_STATUS.offline,
    );
  });

  it('tags each status answer: the same answer keeps its tag (304 when asked with it), a new one gets another', async () => {
    const get = (etag?: string) =>
      request(b.baseUrl)
        .get(COMPANY_API.allStoresStatus)
        .set(ACCESS_TOKEN_HEADER, admin)
        .set(etag ? { 'If-None-Match': etag } : {});
    const first = await get().expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    // A short answer goes as it is; a long one gzipped (status-answers.spec.ts).
    expect(first.headers.vary).toMatch(/Accept-Encoding/);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect((await get().expect(200)).headers.etag).toBe(etag);
    await get(etag).expect(304);
    // Another answer (a company removed): another tag, and the old one no longer matches.
    await save(a, [101, 202], [303]);
    const changed = await get(etag).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    await save(a, DEMO);
  });
});
