import { randomUUID } from 'node:crypto';
import type { Play } from '@store-cloud/contracts';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createTestApp, type TestApp } from './create-app';
import { ProofOfPlayService } from '../src/modules/proof-of-play';
import {
  LEGACY_DAYS_MOVED,
  POP_MIGRATIONS_COLLECTION,
  ProofOfPlayRepository,
} from '../src/modules/proof-of-play/proof-of-play.repository';
import { rollupIncrements } from '../src/modules/proof-of-play/rollup-increments';
import { dayCollectionOf, isDay } from '../src/modules/proof-of-play/schemas/play-rollup.schema';

const COMPANY = 305;
const DAY = '2026-08-14';
/** A day with plays through the new code only: its documents never had a `popdaily` one. */
const NEW_DAY = '2026-08-20';

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

  /** `count` plays of file i % 2 on `day`, in tag `tag`. */
  const playsOf = (tag: string, count: number, label = 'file', day = DAY): Play[] =>
    Array.from({ length: count }, (_, i) => ({
      mediaId: `media-${i % 2}`,
      file: `${label}-${i % 2}.jpg`,
      tag,
      screen: 'Screen 1',
      startedAt: `${day}T${String(i).padStart(2, '0')}:00:00.000Z`,
      durationMs: 1000,
    }));

  /**
   * Days' documents written into `popdaily` as the earlier code did; with `withMonths` their
   * months' too, which that code added to `popmonthly` as this one does.
   */
  const insertIntoPopdaily = async (storeId: number, plays: Play[], withMonths = false) => {
    const incs = rollupIncrements(COMPANY, storeId, plays);
    const days = incs.filter((i) => !i.monthly && isDay(i.day));
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
    if (withMonths)
      await t.app.get(ProofOfPlayRepository).applyIncrements(
        randomUUID(),
        incs.filter((i) => i.monthly),
      );
    return days.map((i) => i.id);
  };

  const movedMarker = () =>
    collection(POP_MIGRATIONS_COLLECTION).findOne({ _id: LEGACY_DAYS_MOVED as never });

  /**
   * The database as the roll-ups left it before the day collections: the days in `popdaily`, and
   * no record that they were moved (this app's sweep may have found none before and set it;
   * dropped after the inserts, so a sweep in between cannot set it again under them).
   */
  const writeAsBefore = async (storeId: number, plays: Play[], withMonths = false) => {
    const ids = await insertIntoPopdaily(storeId, plays, withMonths);
    await collection(POP_MIGRATIONS_COLLECTION).deleteOne({ _id: LEGACY_DAYS_MOVED as never });
    return ids;
  };

  const rollup = (
    tag: string,
    dimension: 'file' | 'store' | 'day',
    from: string = DAY,
    to: string = from,
  ) => t.app.get(ProofOfPlayService).rollup({ companyId: COMPANY, from, to, dimension, tag });

  it('records a new database, with no day in popdaily, as moved at the start', async () => {
    expect(await movedMarker()).toEqual(expect.objectContaining({ at: expect.any(Date) }));
  });

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

    while ((await repository.migrateLegacyDays(50, new Date())) > 0);
    expect(await collection('popdaily').countDocuments({ companyId: COMPANY, day: DAY })).toBe(0);
    const moved = await collection(dayCollectionOf(DAY))
      .find({ companyId: COMPANY, migrated: true })
      .toArray();
    expect(oldIds.length).toBeGreaterThan(0);
    expect(moved.map((d) => d._id)).toEqual(expect.arrayContaining(oldIds));
    await check();

    // A crash after a move and before its delete leaves the old documents there (and no record
    // that all are moved: that comes only once none is left): moved again, they are dropped, not
    // added a second time.
    await writeAsBefore(1, playsOf(tag, 5, 'old'));
    await service.sweep();
    while ((await repository.migrateLegacyDays(50, new Date())) > 0);
    expect(await collection('popdaily').countDocuments({ companyId: COMPANY, day: DAY })).toBe(0);
    await check();

    // The schedules' totals stay in `popdaily`, and later plays add to the moved documents.
    await service.receive(COMPANY, 2, { batchId: randomUUID(), plays: playsOf(tag, 1, 'new') });
    expect((await rollup(tag, 'day')).plays).toBe(9);
  }, 180_000);

  /*
   * Once the sweep found no day left in `popdaily` it records so (popmigrations) and stops
   * reading `popdaily` for days: neither the sweep nor a day's report looks there again. Nothing
   * writes a day into `popdaily` any more, so a document put there by hand afterwards is not
   * seen; deleting the record, as restoring a backup from before it does, brings the look back.
   */
  it('stops reading popdaily once its days are moved, and the reports still count them', async () => {
    const service = t.app.get(ProofOfPlayService);
    const tag = `moved-${randomUUID().slice(0, 8)}`;

    // Four plays from before the upgrade (days and month), two on the same day and two on a
    // later day through the new code.
    await writeAsBefore(3, playsOf(tag, 4, 'old'), true);
    await service.receive(COMPANY, 4, { batchId: randomUUID(), plays: playsOf(tag, 2, 'new') });
    await service.receive(COMPANY, 4, {
      batchId: randomUUID(),
      plays: playsOf(tag, 2, 'new', NEW_DAY),
    });
    const stores = (from: string, to?: string) =>
      rollup(tag, 'store', from, to).then((r) => r.rows.map((row) => [row.key, row.plays]));
    const answers = async () => ({
      day: await stores(DAY),
      newDay: await stores(NEW_DAY),
      month: await stores('2026-08-01', '2026-08-31'),
      days: (await rollup(tag, 'day', '2026-08-13', NEW_DAY)).rows.map((r) => [r.key, r.plays]),
    });
    const expected = {
      day: [
        ['3', 4],
        ['4', 2],
      ],
      newDay: [['4', 2]],
      month: [
        ['3', 4],
        ['4', 4],
      ],
      days: [
        [DAY, 6],
        [NEW_DAY, 2],
      ],
    };
    expect(await answers()).toEqual(expected);

    // The first sweep moves the days, the next finds none left and records it.
    await service.sweep();
    expect(await collection('popdaily').countDocuments({ day: { $ne: 'total' } })).toBe(0);
    await service.sweep();
    expect(await movedMarker()).toEqual(expect.objectContaining({ at: expect.any(Date) }));
    expect(await answers()).toEqual(expected);

    // A day put into `popdaily` by hand now (nothing in the code writes one there) is neither
    // moved by later sweeps nor read by the reports, also for the day whose own documents never
    // took one from `popdaily` (no `migrated`): `popdaily` is not read for days any more.
    const byHand = await insertIntoPopdaily(5, playsOf(tag, 3, 'hand', NEW_DAY));
    await service.sweep();
    await service.sweep();
    expect(await collection('popdaily').countDocuments({ _id: { $in: byHand as never[] } })).toBe(
      byHand.length,
    );
    expect(await answers()).toEqual(expected);

    // Without the record (a restore of a backup from before it) the sweep looks again and
    // moves it: the record is what kept `popdaily` unread.
    await collection(POP_MIGRATIONS_COLLECTION).deleteOne({ _id: LEGACY_DAYS_MOVED as never });
    await service.sweep();
    expect(await collection('popdaily').countDocuments({ _id: { $in: byHand as never[] } })).toBe(
      0,
    );
    expect(await stores(NEW_DAY)).toEqual([
      ['5', 3],
      ['4', 2],
    ]);
  }, 180_000);
});
