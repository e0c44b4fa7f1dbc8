import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_HEADER,
  ERROR_CODE,
  MEDIA_API,
  MEDIA_PORTAL_API,
  MEDIA_SERVER_TEXT,
  type MediaCompany,
  mediaCompanySchema,
  mediaFolderNameOf,
  mediaNameIssue,
} from '@store-cloud/contracts';
import request from 'supertest';
import { IntegrationCompaniesRepository } from '../src/modules/companies/integration-companies.repository';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { freePort } from '../../e2e/stack/ports';
import { type ChildServer, startMediaServer } from './processes';

/**
 * An HTTP hop between the backend and the media server that can hold back the answer to one
 * call: the media server has done its step, and the test changes the database before the
 * backend hears of it (a company removed mid-way).
 */
async function holdingProxy(target: () => string) {
  let hold:
    { method: string; path: string; arrived: () => void; released: Promise<void> } | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const headers: Record<string, string> = {};
        for (const name of [ACCESS_TOKEN_HEADER, 'content-type'])
          if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
        const upstream = await fetch(new URL(req.url!, target()), {
          method: req.method,
          headers,
          body: body.length ? body : undefined,
        });
        const answer = Buffer.from(await upstream.arrayBuffer());
        const held = hold;
        if (held && req.method === held.method && req.url!.split('?')[0] === held.path) {
          hold = undefined;
          held.arrived();
          await held.released;
        }
        res.writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'application/json',
        });
        res.end(answer);
      })().catch((error: unknown) => {
        res.writeHead(599);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Holds the answer to the next `method path`; `arrived` resolves once the media server answered it. */
    holdAnswer(method: string, path: string) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => {
        hold = { method, path, arrived: resolve, released };
      });
      return { arrived, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const exists = (dir: string) =>
  fs.stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );

/**
 * Configure for Media Server, Add Media Tag Folder and Remove Tag Folder (spec media §2, §5):
 * each is one backend call that changes the folder on the real media server and records it,
 * undoing the media server's step when the record cannot be written, and recording nothing when
 * the media server refuses.
 */
describe('media folders: one backend call for the media server and the record', () => {
  let t: TestApp;
  let media: ChildServer | undefined;
  let proxy: Awaited<ReturnType<typeof holdingProxy>>;
  let dataDir: string;
  let token: string;
  let mediaPort: number;
  let companies: IntegrationCompaniesRepository;

  const mediaRoot = () => path.join(dataDir, 'media');
  const api = (method: 'get' | 'post' | 'put', url: string) =>
    request(t.baseUrl)[method](url).set(ACCESS_TOKEN_HEADER, token);
  const company = async (companyId: number): Promise<MediaCompany | undefined> => {
    const res = await api('get', MEDIA_PORTAL_API.mediaCompanies).expect(200);
    const found = (res.body as MediaCompany[]).find((c) => c.companyId === companyId);
    return found && mediaCompanySchema.parse(found);
  };
  const addCompany = (companyId: number, companyName: string) =>
    companies.insert({
      companyId,
      companyName,
      stores: [{ storeId: 1, storeName: 'One', isActive: true }],
      mediaFileLimit: 20,
      tagLimit: 10,
    });
  const configure = (companyId: number, companyName: string) =>
    api('post', MEDIA_PORTAL_API.addMediaFolders).send({
      companyId,
      mediaFolderName: mediaFolderNameOf(companyName, companyId),
      tagsList: [],
    });

  beforeAll(async () => {
    mediaPort = await freePort();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-folders-'));
    proxy = await holdingProxy(() => `http://127.0.0.1:${mediaPort}`);
    t = await createTestApp('media_folders', { config: { mediaServerUrl: proxy.url } });
    companies = t.app.get(IntegrationCompaniesRepository);
    token = await t.login(TEST_ADMIN);
    media = await startMediaServer({ backendUrl: t.baseUrl, dataDir, port: mediaPort });
    await media.ready;
  });
  afterAll(async () => {
    await media?.stop();
    await t?.close();
    await proxy?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('makes the company folder and a tag folder on disk and records them, each in one call, and removes the tag the same way', async () => {
    await addCompany(51, 'Folder Co');
    const folder = path.join(mediaRoot(), 'FolderCo-51');

    const configured = await configure(51, 'Folder Co').expect(200);
    expect(mediaCompanySchema.parse(configured.body)).toMatchObject({
      mediaFolderName: 'FolderCo-51',
    });
    for (const area of ['pending', 'tags', 'expired'])
      expect(await exists(path.join(folder, area))).toBe(true);

    const added = await api('post', MEDIA_PORTAL_API.addTagFolder)
      .send({ companyId: 51, newTag: 'promo' })
      .expect(200);
    expect(mediaCompanySchema.parse(added.body).tagsList).toEqual(['promo']);
    expect(await exists(path.join(folder, 'tags', 'promo'))).toBe(true);
    await api('put', MEDIA_PORTAL_API.saveTagChanges)
      .send({ companyId: 51, storeId: 1, tags: ['promo'] })
      .expect(200);

    const removed = await api('put', MEDIA_PORTAL_API.removeTagFolder)
      .send({ companyId: 51, removeTag: 'promo' })
      .expect(200);
    expect(mediaCompanySchema.parse(removed.body)).toMatchObject({
      tagsList: [],
      stores: [{ storeId: 1, tags: [] }],
    });
    expect(await exists(path.join(folder, 'tags', 'promo'))).toBe(false);
    expect(await company(51)).toMatchObject({ mediaFolderName: 'FolderCo-51', tagsList: [] });
  });

  it('leaves no company folder on disk when the company is removed while the media server makes it', async () => {
    await addCompany(52, 'Gone Co');
    const folder = path.join(mediaRoot(), 'GoneCo-52');
    const held = proxy.holdAnswer('POST', MEDIA_API.companies);
    const answer = configure(52, 'Gone Co').then((res) => res);
    await held.arrived;
    // The media server made the folder; the company goes before the backend records it.
    expect(await exists(folder)).toBe(true);
    await companies.remove([52]);
    held.release();

    const res = await answer;
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(ERROR_CODE.notFound);
    expect(await exists(folder)).toBe(false);
    // Brought back, the company is still unconfigured: nothing was recorded.
    await companies.restore(52);
    expect((await company(52))?.mediaFolderName).toBeUndefined();
  });

  it('leaves no tag folder on disk when the company is removed while the media server makes it, and makes a removed one again', async () => {
    await addCompany(53, 'Tag Co');
    await configure(53, 'Tag Co').expect(200);
    const tags = path.join(mediaRoot(), 'TagCo-53', 'tags');

    const adding = proxy.holdAnswer('POST', MEDIA_API.tag);
    const added = api('post', MEDIA_PORTAL_API.addTagFolder)
      .send({ companyId: 53, newTag: 'late' })
      .then((res) => res);
    await adding.arrived;
    expect(await exists(path.join(tags, 'late'))).toBe(true);
    await companies.remove([53]);
    adding.release();
    expect((await added).status).toBe(404);
    expect(await exists(path.join(tags, 'late'))).toBe(false);
    await companies.restore(53);
    expect((await company(53))?.tagsList).toEqual([]);

    // Removing: the folder goes first; when the record cannot follow it is made again (empty),
    // so the company's tag still has its folder.
    await api('post', MEDIA_PORTAL_API.addTagFolder)
      .send({ companyId: 53, newTag: 'kept' })
      .expect(200);
    const removing = proxy.holdAnswer('DELETE', MEDIA_API.tag);
    const removed = api('put', MEDIA_PORTAL_API.removeTagFolder)
      .send({ companyId: 53, removeTag: 'kept' })
      .then((res) => res);
    await removing.arrived;
    expect(await exists(path.join(tags, 'kept'))).toBe(false);
    await companies.remove([53]);
    removing.release();
    expect((await removed).status).toBe(404);
    expect(await exists(path.join(tags, 'kept'))).toBe(true);
    await companies.restore(53);
    expect((await company(53))?.tagsList).toEqual(['kept']);
  });

  it('records nothing when a name or the media server refuses, and answers the reason', async () => {
    // An invisible character is refused at the backend's edge, by the rule the media server shares.
    const odd = 'Odd\u200bCo';
    await addCompany(54, odd);
    const refused = await configure(54, odd).expect(400);
    expect(refused.body.message).toContain(mediaNameIssue(odd)!);
    expect((await company(54))?.mediaFolderName).toBeUndefined();

    // The company folder went missing on disk: its tag folder cannot be made, nor recorded.
    await addCompany(55, 'Lost Co');
    await configure(55, 'Lost Co').expect(200);
    await fs.rm(path.join(mediaRoot(), 'LostCo-55'), { recursive: true });
    const lost = await api('post', MEDIA_PORTAL_API.addTagFolder)
      .send({ companyId: 55, newTag: 'promo' })
      .expect(502);
    expect(lost.body).toEqual({
      requestId: expect.any(String),
      code: ERROR_CODE.upstreamRefused,
      message: MEDIA_SERVER_TEXT.refused(MEDIA_SERVER_TEXT.folderMissing('LostCo-55')),
    });
    expect((await company(55))?.tagsList).toEqual([]);
  });

  it('keeps the folder and records the tag once when the same tag is added twice at once', async () => {
    await addCompany(56, 'Twice Co');
    await configure(56, 'Twice Co').expect(200);
    const both = await Promise.all(
      [1, 2].map(() =>
        api('post', MEDIA_PORTAL_API.addTagFolder).send({ companyId: 56, newTag: 'promo' }),
      ),
    );
    // One records the tag; the other is refused (409), or, where the database does not isolate
    // the two conditional updates (FerretDB v1), records the same tag over it. Either way no
    // call undoes the folder the recorded tag needs.
    expect(both.map((r) => r.status)).toContain(200);
    for (const r of both) expect([200, 409]).toContain(r.status);
    expect(await exists(path.join(mediaRoot(), 'TwiceCo-56', 'tags', 'promo'))).toBe(true);
    expect((await company(56))?.tagsList).toEqual(['promo']);
  });
});
