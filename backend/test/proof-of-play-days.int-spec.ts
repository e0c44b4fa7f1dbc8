import { randomUUID } from 'node:crypto';
import type { Play } from '@store-cloud/contracts';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createTestApp, type TestApp } from './create-app';
import { ProofOfPlayService } from '../src/modules/proof-of-play';
import { ProofOfPlayRepository } from '../src/modules/proof-of-play/proof-of-play.repository';
import { rollupIncrements } from '../src/modules/proof-of-play/rollup-increments';
import { dayCollectionOf } from '../src/modules/proof-of-play/schemas/play-rollup.schema';

const COMPANY = 305;
const DAY = '2026-08-14';

/**
 * Issue 32 item 1: a day's roll-up documents live in a collection of that day, so a day's read
 * does not scan the other days kept (FerretDB v1 scans a table for an `_id` read). Days written
 * into `popdaily` before that still count, and the sweep moves them into their day's collection
 * without counting anything twice, also after a crash between the move and the delete.
 */
describe("proof of play: a day's own collection", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('proof_of_play_days');
  });
  afterAll(async () => {
    await t?.close();
  });

  const collection = (name: string) => t.app.get<Connection>(getConnectionToken()).collection(name);

  /** `count` plays of file i % 2 from store `store` on DAY, in tag `tag`. */
  const playsOf = (tag: string, count: number, label = 'file'): Play[] =>
    Array.from({ length: count }, (_, i) => ({
      mediaId: `media-${i % 2}`,
      file: `${label}-${i % 2}.jpg`,
      tag,
      screen: 'Screen 1',
      startedAt: `${DAY}T${String(i).padStart(2, '0')}:00:00.000Z`,
      durationMs: 1000,
    }));

  /** The day's documents as the roll-ups wrote them before the day collections: in `popdaily`. */
  const writeAsBefore = async (storeId: number, plays: Play[]) => {
    const days = rollupIncrements(COMPANY, storeId, plays).filter(
      (i) => !i.monthly && i.day === DAY,
    );
    for (const inc of days)
      await collection('popdaily').insertOne({
        _id: inc.id as never,
        companyId: COMPANY,
        dim: inc.dim,
        filter: inc.filter,
        day: inc.day,
        keys: Object.fromEntries(inc.cells),
        stamps: [],
      });
    return days.map((i) => i.id);
  };

  const rollup = (tag: string, dimension: 'file' | 'store' | 'day') =>
    t.app
      .get(ProofOfPlayService)
      .rollup({ companyId: COMPANY, from: DAY, to: DAY, dimension, tag });

  it('keeps a day in its own collection and moves the days from before into theirs once', async () => {
    const service = t.app.get(ProofOfPlayService);
    const repository = t.app.get(ProofOfPlayRepository);
    const tag = `days-${randomUUID().slice(0, 8)}`;

    // Five plays from before the upgrade, then three through the new code, on the same day.
    const oldIds = await writeAsBefore(1, playsOf(tag, 5, 'old'));
    await service.receive(COMPANY, 2, { batchId: randomUUID(), plays: playsOf(tag, 3, 'new') });
    const newDocs = await collection(dayCollectionOf(DAY)).find({ companyId: COMPANY }).toArray();
    expect(newDocs.length).toBeGreaterThan(0);
    expect(newDocs.every((d) => d.day === DAY)).toBe(true);

    const expected = {
      file: [
        { key: 'media-0', label: 'new-0.jpg', plays: 5, durationMs: 5000 },
        { key: 'media-1', label: 'new-1.jpg', plays: 3, durationMs: 3000 },
      ],
      store: [
        { key: '1', label: '1', plays: 5, durationMs: 5000 },
        { key: '2', label: '2', plays: 3, durationMs: 3000 },
      ],
      day: [{ key: DAY, label: DAY, plays: 8, durationMs: 8000 }],
    };
    const check = async () => {
      for (const dimension of ['file', 'store', 'day'] as const)
        expect((await rollup(tag, dimension)).rows).toEqual(expected[dimension]);
    };
    // Before the move: the day's document and its `popdaily` one, added.
    await check();

    while ((await repository.migrateLegacyDays(50)) > 0);
    expect(await collection('popdaily').countDocuments({ companyId: COMPANY, day: DAY })).toBe(0);
    const moved = await collection(dayCollectionOf(DAY))
      .find({ companyId: COMPANY, migrated: true })
      .toArray();
    expect(oldIds.length).toBeGreaterThan(0);
    expect(moved.map((d) => d._id)).toEqual(expect.arrayContaining(oldIds));
    await check();

    // A crash after a move and before its delete leaves the old documents there: moved again,
    // they are dropped, not added a second time.
    await writeAsBefore(1, playsOf(tag, 5, 'old'));
    await service.sweep();
    while ((await repository.migrateLegacyDays(50)) > 0);
    expect(await collection('popdaily').countDocuments({ companyId: COMPANY, day: DAY })).toBe(0);
    await check();

    // The schedules' totals stay in `popdaily`, and later plays add to the moved documents.
    await service.receive(COMPANY, 2, { batchId: randomUUID(), plays: playsOf(tag, 1, 'new') });
    expect((await rollup(tag, 'day')).plays).toBe(9);
  }, 180_000);
});
