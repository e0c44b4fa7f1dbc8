import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCESS_TOKEN_HEADER,
  ERROR_CODE,
  MEDIA_API,
  MEDIA_PORTAL_API,
  MEDIA_SERVER_TEXT,
  mediaCompanySchema,
  mediaFolderNameOf,
} from '@store-cloud/contracts';
import request from 'supertest';
import { IntegrationCompaniesRepository } from '../src/modules/companies/integration-companies.repository';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';

/**
 * The media server's disk is full (issue 24 point 5): its 507 reaches the portal as 507 with its
 * message (not 502 or 503), and nothing is recorded. The media server stands in as a small HTTP
 * server answering as the real one does on ENOSPC (media-server upload-faults.int-spec holds
 * that answer on a real full disk).
 */
describe('media server disk full', () => {
  let t: TestApp;
  let media: http.Server;
  const asked: string[] = [];

  beforeAll(async () => {
    media = http.createServer((req, res) => {
      asked.push(`${req.method} ${req.url!.split('?')[0]}`);
      req.resume();
      res.writeHead(507, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          code: ERROR_CODE.insufficientStorage,
          message: MEDIA_SERVER_TEXT.diskFull,
        }),
      );
    });
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    const mediaServerUrl = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
    t = await createTestApp('media_disk_full', { config: { mediaServerUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => media?.close(resolve));
  });

  it('passes the media server 507 on with its message and records no folder', async () => {
    await t.app.get(IntegrationCompaniesRepository).insert({
      companyId: 61,
      companyName: 'Full Co',
      stores: [{ storeId: 1, storeName: 'One', isActive: true }],
      mediaFileLimit: 20,
      tagLimit: 10,
    });
    const token = await t.login(TEST_ADMIN);
    const answer = await request(t.baseUrl)
      .post(MEDIA_PORTAL_API.addMediaFolders)
      .set(ACCESS_TOKEN_HEADER, token)
      .send({ companyId: 61, mediaFolderName: mediaFolderNameOf('Full Co', 61), tagsList: [] })
      .expect(507);
    expect(answer.body).toEqual({
      requestId: expect.any(String),
      code: ERROR_CODE.insufficientStorage,
      message: MEDIA_SERVER_TEXT.diskFull,
    });
    expect(asked).toContain(`POST ${MEDIA_API.companies}`);
    const listed = await request(t.baseUrl)
      .get(MEDIA_PORTAL_API.mediaCompanies)
      .set(ACCESS_TOKEN_HEADER, token)
      .expect(200);
    const company = (listed.body as unknown[])
      .map((c) => mediaCompanySchema.parse(c))
      .find((c) => c.companyId === 61);
    expect(company?.mediaFolderName).toBeUndefined();
  });
});
