import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  ERROR_CODE,
  MEDIA_PORTAL_API,
  mediaFolderNameOf,
  SITE_API,
  SITE_TOKEN_HEADER,
  STORE_STATUS,
  UPSTREAM,
  upstreamInvalidText,
  USER_TYPE,
} from '@store-cloud/contracts';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { IntegrationCompaniesRepository } from '../src/modules/companies/integration-companies.repository';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { connectAndLogin } from './site-connection';
import { openAnsweringStore } from './sockets';
import { storeStatus } from './store-status';

const COMPANY = 101;
const STORE = 2;

/** A media server that answers every call 200 with a body off its schema. */
async function offSchemaMediaServer() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: 'perhaps' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * One error model (issue 25.4): a refusal of access is 403, and an upstream (a store over its
 * socket, the media server) that answers off its schema is 502 UPSTREAM_INVALID naming it, never
 * a 400 that blames the caller.
 */
describe('errors: access denials and upstream answers off their schema', () => {
  let t: TestApp;
  let admin: string;
  let store: Socket;
  let mediaServer: Awaited<ReturnType<typeof offSchemaMediaServer>>;

  beforeAll(async () => {
    mediaServer = await offSchemaMediaServer();
    t = await createTestApp('upstream_errors', { config: { mediaServerUrl: mediaServer.url } });
    admin = await t.login(TEST_ADMIN);
    store = await openAnsweringStore(
      t.baseUrl,
      { company: COMPANY, store: STORE, tentacleVersion: '2.0.0' },
      {
        login: () => true,
        // A reply without its status: off siteReplySchema.
        request: () =>
          ({ body: { version: '1.0' } }) as unknown as { status: number; body: unknown },
      },
    );
    await eventually(
      async () => (await storeStatus(t.baseUrl, COMPANY, STORE)).status,
      (s) => s === STORE_STATUS.online,
    );
  });
  afterAll(async () => {
    store?.disconnect();
    await t?.close();
    await mediaServer?.close();
  });

  it('answers 403 when the site credentials name a store the user may not open', async () => {
    const user = await t.createUser({
      username: 'store-one-only@storecloud.test',
      password: 'Passw0rd!Passw0rd',
      usertype: USER_TYPE.BASIC,
      access: {
        all: false,
        companies: [
          {
            companyId: COMPANY,
            companyName: 'Northway Fuels',
            stores: [{ storeId: 1, storeName: 'Harbour Road', enabled: true }],
          },
        ],
      },
    });
    const res = await request(t.baseUrl)
      .patch(ADMIN_API.saveUserSiteCredentials)
      .set(ACCESS_TOKEN_HEADER, admin)
      .send({
        username: user.username,
        company: COMPANY,
        sitecredentials: { storeId: STORE, username: 'x', password: 'y' },
      })
      .expect(403);
    expect(res.body).toMatchObject({ code: ERROR_CODE.forbidden });
  });

  it("answers 502 UPSTREAM_INVALID naming the store when a store's reply is off its schema", async () => {
    const siteToken = await connectAndLogin(t.baseUrl, admin, { company: COMPANY, store: STORE });
    const res = await request(t.baseUrl)
      .get(SITE_API.evorouterVersion)
      .set(SITE_TOKEN_HEADER, siteToken)
      .query({ c: COMPANY, s: STORE })
      .expect(502);
    expect(res.body).toEqual({
      code: ERROR_CODE.upstreamInvalid,
      message: upstreamInvalidText(UPSTREAM.store),
      requestId: expect.any(String),
    });
    expect(res.body.message).toContain('upstream: store');
  });

  it('answers 502 UPSTREAM_INVALID naming the media server when its answer is off its schema', async () => {
    await t.app.get(IntegrationCompaniesRepository).insert({
      companyId: 61,
      companyName: 'Upstream Co',
      stores: [{ storeId: 1, storeName: 'One', isActive: true }],
      mediaFileLimit: 20,
      tagLimit: 10,
    });
    const res = await request(t.baseUrl)
      .post(MEDIA_PORTAL_API.addMediaFolders)
      .set(ACCESS_TOKEN_HEADER, admin)
      .send({
        companyId: 61,
        mediaFolderName: mediaFolderNameOf('Upstream Co', 61),
        tagsList: [],
      })
      .expect(502);
    expect(res.body).toEqual({
      code: ERROR_CODE.upstreamInvalid,
      message: upstreamInvalidText(UPSTREAM.mediaServer),
      requestId: expect.any(String),
    });
    expect(res.body.message).toContain('upstream: media-server');
  });
});
