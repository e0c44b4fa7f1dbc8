import {
  proofOfPlayBatchSchema,
  proofOfPlayCsv,
  proofOfPlayQuerySchema,
  PROOF_OF_PLAY_TEXT,
} from './proof-of-play';

const play = {
  mediaId: 'm1',
  file: 'promo.jpg',
  tag: 'front',
  screen: 'screen-1',
  startedAt: '2026-11-27T10:00:00.000Z',
  durationMs: 10_000,
};

describe('proof of play contracts', () => {
  it('takes a batch of plays with its id and refuses an empty or malformed one', () => {
    const batchId = '0b0f5f2e-4a4c-4a4e-9c36-5b2c1c1d2e3f';
    expect(proofOfPlayBatchSchema.safeParse({ batchId, plays: [play] }).success).toBe(true);
    expect(proofOfPlayBatchSchema.safeParse({ batchId, plays: [] }).success).toBe(false);
    expect(proofOfPlayBatchSchema.safeParse({ batchId: 'x', plays: [play] }).success).toBe(false);
    expect(
      proofOfPlayBatchSchema.safeParse({ batchId, plays: [{ ...play, durationMs: 0 }] }).success,
    ).toBe(false);
  });

  it('reads a query string and names what is wrong with a range', () => {
    expect(
      proofOfPlayQuerySchema.parse({ companyId: '101', from: '2026-11-01', to: '2026-11-30' }),
    ).toEqual({ companyId: 101, from: '2026-11-01', to: '2026-11-30', dimension: 'file' });
    const issues = (q: object) =>
      proofOfPlayQuerySchema.safeParse({ companyId: 1, ...q }).error?.issues.map((i) => i.message);
    expect(issues({ from: '2026-11-02', to: '2026-11-01' })).toEqual([
      PROOF_OF_PLAY_TEXT.toBeforeFrom,
    ]);
    expect(issues({ from: '2024-01-01', to: '2026-01-01' })).toEqual([
      PROOF_OF_PLAY_TEXT.rangeTooLong,
    ]);
    expect(issues({ from: '2026-11-01', to: '2026-11-01', tag: 'a', storeId: '2' })).toEqual([
      PROOF_OF_PLAY_TEXT.oneFilter,
    ]);
    expect(issues({ from: '2026-13-01', to: '2026-11-01' })).toContain(
      PROOF_OF_PLAY_TEXT.dayFormat,
    );
  });

  it('writes CSV with quoted cells and no spreadsheet formulas', () => {
    const csv = proofOfPlayCsv({
      companyId: 1,
      from: '2026-11-01',
      to: '2026-11-01',
      dimension: 'file',
      plays: 3,
      durationMs: 30_000,
      rows: [
        { key: 'm1', label: 'a,b.jpg', plays: 2, durationMs: 20_000 },
        { key: 'm2', label: '=cmd.png', plays: 1, durationMs: 10_000 },
      ],
    });
    expect(csv).toBe('File,key,plays,playSeconds\r\n"a,b.jpg",m1,2,20\r\n\'=cmd.png,m2,1,10\r\n');
  });
});
