import { getConnectionToken } from '@nestjs/mongoose';
import { ACCESS_TOKEN_HEADER, COMPANY_API, storeStatusListSchema } from '@store-cloud/contracts';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';
import { eventually } from './eventually';
import { connected, openTentacle } from './sockets';

/** A company of its own with enough stores that its status answer is worth compressing. */
const COMPANY = 95_001;
const STORES = 200;
/** What Chrome and Firefox send. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

/**
 * /portal/allstoresstatus as a browser asks for it (issue 31): the kept brotli or gzip bytes of
 * the answer, decoding to the very JSON a plain request gets, with one tag for all codings.
 */
describe('the status answer in the codings a browser takes', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('status_encodings');
    admin = await t.login(TEST_ADMIN);
    const db = t.app.get<Connection>(getConnectionToken());
    await db.collection('cloudcompanies').insertOne({ companyId: COMPANY, companyName: 'Big' });
    await db.collection('retailstores').insertMany(
      Array.from({ length: STORES }, (_, i) => ({
        companyId: COMPANY,
        storeId: i + 1,
        storeName: `Store ${i + 1}`,
        isActive: true,
      })),
    );
    const connectedNow = await request(t.baseUrl)
      .get(COMPANY_API.integrationCompanies)
      .set(ACCESS_TOKEN_HEADER, admin)
      .expect(200);
    const ids = (connectedNow.body as Array<{ companyId: number }>).map((c) => c.companyId);
    await request(t.baseUrl)
      .post(COMPANY_API.integrationCompanies)
      .set(ACCESS_TOKEN_HEADER, admin)
      .send({ companies: [...ids, COMPANY].map((companyId) => ({ companyId, companyName: 'x' })) })
      .expect(200);
  });
  afterAll(() => t?.close());

  /** The answer's body as decoded by the client (superagent takes brotli and gzip, as a browser). */
  const ask = (encoding: string, etag?: string) =>
    request(t.baseUrl)
      .get(COMPANY_API.allStoresStatus)
      .set(ACCESS_TOKEN_HEADER, admin)
      .set('Accept-Encoding', encoding)
      .set(etag ? { 'If-None-Match': etag } : {})
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const bodyOf = (res: request.Response) => res.body as Buffer;
  /** The bytes that went over the wire (the coded ones for a coded answer). */
  const sentBytes = (res: request.Response) => Number(res.headers['content-length']);
  const ourStores = (json: string) =>
    storeStatusListSchema.parse(JSON.parse(json)).filter((s) => s.companyId === COMPANY);

  it('sends brotli to a browser, gzip to a client without it, both decoding to the plain JSON', async () => {
    const plain = await ask('identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(ourStores(bodyOf(plain).toString())).toHaveLength(STORES);

    const br = await ask(BROWSER_ENCODINGS).expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(bodyOf(br).toString()).toBe(bodyOf(plain).toString());
    expect(sentBytes(br)).toBeLessThan(sentBytes(plain) / 5);

    const gzip = await ask('gzip, deflate').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(bodyOf(gzip).toString()).toBe(bodyOf(plain).toString());
    expect(sentBytes(gzip)).toBeLessThan(sentBytes(plain) / 5);

    for (const res of [br, gzip]) {
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers 304 to the tag it has, and a new body and tag once a store changes', async () => {
    const first = await ask(BROWSER_ENCODINGS).expect(200);
    const etag = first.headers.etag as string;
    const unchanged = await ask(BROWSER_ENCODINGS, etag).expect(304);
    expect(bodyOf(unchanged)).toHaveLength(0);

    const socket = openTentacle(t.baseUrl, {
      company: COMPANY,
      store: 7,
      tentacleVersion: '5.1.0',
    });
    try {
      await connected(socket);
      const changed = await eventually(
        async () => await ask(BROWSER_ENCODINGS, etag),
        (res) => res.status === 200,
      );
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.headers['content-encoding']).toBe('br');
      const stores = ourStores(bodyOf(changed).toString());
      expect(stores.find((s) => s.storeId === 7)).toMatchObject({ status: 1 });
      expect(bodyOf(changed).equals(bodyOf(first))).toBe(false);
      await ask('gzip', changed.headers.etag as string).expect(304);
    } finally {
      socket.disconnect();
    }
  });
});
