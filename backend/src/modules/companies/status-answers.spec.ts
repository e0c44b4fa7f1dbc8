import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { StoreStatus } from '@store-cloud/contracts';
import { KeptAnswer, StatusAnswers } from './status-answers';

const stores = (count: number, status = 1): StoreStatus[] =>
  Array.from({ length: count }, (_, i) => ({ companyId: 90001, storeId: i + 1, status }));

describe('StatusAnswers', () => {
  const companies = [] as const;
  const inputs = { companies, online: 7, connections: '[]' };

  it('gives an answer again only for the same scope and the same inputs', () => {
    const answers = new StatusAnswers();
    const kept = answers.set('ADMIN|"all"', inputs, stores(3));
    expect(answers.get('ADMIN|"all"', { ...inputs })).toBe(kept);
    expect(answers.get('BASIC|"all"', inputs)).toBeUndefined();
    expect(answers.get('ADMIN|"all"', { ...inputs, online: 8 })).toBeUndefined();
    expect(answers.get('ADMIN|"all"', { ...inputs, connections: '[["101:1"]]' })).toBeUndefined();
    expect(answers.get('ADMIN|"all"', { ...inputs, companies: [] })).toBeUndefined();
  });

  it('keeps a hundred scopes, dropping the one asked for least recently', () => {
    const answers = new StatusAnswers();
    for (let i = 0; i < 100; i++) answers.set(`scope ${i}`, inputs, stores(1));
    answers.get('scope 0', inputs);
    answers.set('scope 100', inputs, stores(1));
    expect(answers.get('scope 0', inputs)).toBeDefined();
    expect(answers.get('scope 1', inputs)).toBeUndefined();
    expect(answers.get('scope 100', inputs)).toBeDefined();
  });
});

describe('KeptAnswer', () => {
  const takesAll = () => true;

  it('is the answer as JSON with a tag of its own', () => {
    const a = new KeptAnswer(stores(2));
    expect(JSON.parse(a.body.toString())).toEqual(stores(2));
    expect(a.etag).toMatch(/^W\/"[0-9a-f-]{36}"$/);
    expect(new KeptAnswer(stores(2)).etag).not.toBe(a.etag);
  });

  it('keeps a long answer in brotli and gzip, made once, and leaves a short one as it is', async () => {
    expect(new KeptAnswer(stores(2)).encoded(takesAll)).toBeUndefined();
    const long = new KeptAnswer(stores(20_000));
    const br = long.encoded(takesAll)!;
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(await br.bytes).equals(long.body)).toBe(true);
    const gzip = long.encoded((e) => e === 'gzip')!;
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(await gzip.bytes).equals(long.body)).toBe(true);
    expect((await gzip.bytes).length).toBeLessThan(long.body.length / 5);
    expect(long.encoded(takesAll)!.bytes).toBe(br.bytes);
    expect(long.encoded(() => false)).toBeUndefined();
  });
});
