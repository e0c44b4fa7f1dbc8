import { randomUUID } from 'node:crypto';
import type { Play, ProofOfPlayQuery, ProofOfPlayRow } from '@store-cloud/contracts';
import { createTestApp, type TestApp } from './create-app';
import { ProofOfPlayService } from '../src/modules/proof-of-play';
import { ProofOfPlayRepository } from '../src/modules/proof-of-play/proof-of-play.repository';
import {
  daysOf,
  periodsOf,
  rollupIncrements,
} from '../src/modules/proof-of-play/rollup-increments';

const COMPANY = 304;
const DAYS = ['2026-09-30', '2026-10-01', '2026-10-15', '2026-10-31', '2026-11-01'];

/**
 * Issue 32 item 1: a calendar month inside a range is read as one monthly document; its counts
 * are the sum of its days', also when a batch came twice or a crash left it to the sweep.
 */
describe('proof of play: monthly roll-ups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('proof_of_play_months');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** `count` plays of file i % 2 from store `store` on each of DAYS, in tag `tag`. */
  const playsOf = (tag: string, count: number): Play[] =>
    DAYS.flatMap((day, d) =>
      Array.from({ length: count }, (_, i) => ({
        mediaId: `media-${i % 2}`,
        file: `file-${i % 2}.jpg`,
        tag,
        screen: 'Screen 1',
        startedAt: `${day}T${String(i + d).padStart(2, '0')}:00:00.000Z`,
        durationMs: 1000 + i,
      })),
    );

  const rollup = (tag: string, dimension: ProofOfPlayQuery['dimension'], from: string, to = from) =>
    t.app.get(ProofOfPlayService).rollup({ companyId: COMPANY, from, to, dimension, tag });

  /** The rows of each day of `from`..`to` read alone, summed per key. */
  const sumOfDays = async (
    tag: string,
    dimension: ProofOfPlayQuery['dimension'],
    from: string,
    to: string,
  ) => {
    const rows = new Map<string, ProofOfPlayRow>();
    for (const day of daysOf(from, to))
      for (const row of (await rollup(tag, dimension, day)).rows) {
        const sum = rows.get(row.key) ?? { ...row, plays: 0, durationMs: 0 };
        sum.plays += row.plays;
        sum.durationMs += row.durationMs;
        rows.set(row.key, sum);
      }
    return [...rows.values()].sort((a, b) => a.key.localeCompare(b.key));
  };
  const byKey = (rows: ProofOfPlayRow[]) => [...rows].sort((a, b) => a.key.localeCompare(b.key));

  it('reads whole months as one document and the days at either end as days', () => {
    expect(periodsOf('2026-09-30', '2026-11-01')).toEqual([
      { period: '2026-09-30', monthly: false },
      { period: '2026-10', monthly: true },
      { period: '2026-11-01', monthly: false },
    ]);
    expect(periodsOf('2026-10-02', '2026-10-31')).toHaveLength(30);
    expect(periodsOf('2026-02-01', '2026-02-28')).toEqual([{ period: '2026-02', monthly: true }]);
  });

  it('counts a month as the sum of its days after a batch sent twice and one swept', async () => {
    const service = t.app.get(ProofOfPlayService);
    const repository = t.app.get(ProofOfPlayRepository);
    const tag = `months-${randomUUID().slice(0, 8)}`;

    // A batch received twice (the store did not hear the acknowledgement): counted once.
    const sent = { batchId: randomUUID(), plays: playsOf(tag, 3) };
    await service.receive(COMPANY, 1, sent);
    await service.receive(COMPANY, 1, sent);

    // A batch whose request died after its monthly documents, applied twice meanwhile (a copy
    // in flight); recorded a minute ago, so the sweep finishes it.
    const plays = playsOf(tag, 4);
    const half = { id: `${COMPANY}:2:${randomUUID()}`, companyId: COMPANY, storeId: 2, plays };
    await repository.recordBatch(half, new Date(Date.now() - 60_000));
    const monthly = rollupIncrements(COMPANY, 2, plays).filter((i) => i.monthly);
    await repository.applyIncrements(half.id, monthly);
    await repository.applyIncrements(half.id, monthly);
    expect(await service.sweep()).toBeGreaterThanOrEqual(1);

    const perDay = 3 + 4;
    for (const dimension of ['file', 'store', 'day'] as const) {
      const october = await rollup(tag, dimension, '2026-10-01', '2026-10-31');
      expect(october.plays).toBe(3 * perDay);
      expect(byKey(october.rows)).toEqual(
        await sumOfDays(tag, dimension, '2026-10-01', '2026-10-31'),
      );
      // A month with a day on either side: the month's document and two days'.
      const wider = await rollup(tag, dimension, '2026-09-30', '2026-11-01');
      expect(wider.plays).toBe(DAYS.length * perDay);
      expect(byKey(wider.rows)).toEqual(
        await sumOfDays(tag, dimension, '2026-09-30', '2026-11-01'),
      );
    }
    expect((await rollup(tag, 'store', '2026-10-01', '2026-10-31')).rows).toEqual([
      { key: '2', label: '2', plays: 12, durationMs: 3 * (1000 + 1001 + 1002 + 1003) },
      { key: '1', label: '1', plays: 9, durationMs: 3 * (1000 + 1001 + 1002) },
    ]);

    // Once the stamps are released the counts stay.
    await repository.releaseStamps(new Date(Date.now() + 3_600_000), 5000);
    expect((await rollup(tag, 'day', '2026-10-01', '2026-10-31')).plays).toBe(3 * perDay);
  }, 120_000);
});
