import { randomUUID } from 'node:crypto';
import type { Play } from '@store-cloud/contracts';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createTestApp, type TestApp } from './create-app';
import { ProofOfPlayService } from '../src/modules/proof-of-play';
import { STAMP_RELEASE_AFTER_MS } from '../src/modules/proof-of-play/proof-of-play.service';
import { ProofOfPlayRepository } from '../src/modules/proof-of-play/proof-of-play.repository';
import {
  rollupId,
  rollupIncrements,
  SCHEDULE_DIM,
  TOTAL_DAY,
} from '../src/modules/proof-of-play/rollup-increments';
import { dayCollectionOf } from '../src/modules/proof-of-play/schemas/play-rollup.schema';

const COMPANY = 303;
const SCHEDULE_DOC = rollupId(COMPANY, SCHEDULE_DIM, '', TOTAL_DAY);
/** A play of schedule-<run> in tag stamps-<run>: each try its own, counted apart. */
const playOf = (i: number, run: string): Play => ({
  mediaId: 'media-stamps',
  file: 'stamps.jpg',
  tag: `stamps-${run}`,
  screen: 'Screen 1',
  startedAt: new Date(Date.now() - i).toISOString(),
  durationMs: 1000,
  scheduleId: `schedule-${run}`,
});

/**
 * Issue 32 item 4: a batch half applied by a crashed request is applied by the sweep, once,
 * however many batches touched the same roll-up document meanwhile (a bounded list of the last
 * 1,000 batch stamps forgot it on MongoDB, and the sweep counted it twice; on FerretDB, which
 * ignores $slice, the list grew forever); stamps leave the documents once their batches are
 * long applied.
 */
describe('proof of play: a half-applied batch after many newer ones', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('proof_of_play_stamps');
  });
  afterAll(async () => {
    await t?.close();
  });

  const schedulePlays = async (run: string) => {
    const [cell] = (await t.app.get(ProofOfPlayService).schedules(COMPANY)).filter(
      (s) => s.scheduleId === `schedule-${run}`,
    );
    return cell?.plays ?? 0;
  };

  it('is counted once by the sweep after 1,001 newer batches on its documents', async () => {
    const repository = t.app.get(ProofOfPlayRepository);
    const service = t.app.get(ProofOfPlayService);
    const run = randomUUID().slice(0, 8);
    const plays = [playOf(0, run), playOf(1, run), playOf(2, run)];
    const half = { id: `${COMPANY}:1:${randomUUID()}`, companyId: COMPANY, storeId: 1, plays };
    // Recorded a minute ago; the process died after the schedule's document only.
    await repository.recordBatch(half, new Date(Date.now() - 60_000));
    const increments = rollupIncrements(COMPANY, 1, plays);
    const scheduleInc = increments.find((i) => i.id === SCHEDULE_DOC)!;
    await repository.applyIncrements(half.id, [scheduleInc]);

    // Newer batches, each applied whole, add one play each to the same document.
    const newer = 1001;
    for (let n = 0; n < newer; n++) {
      const id = `${COMPANY}:2:${randomUUID()}`;
      const inc = rollupIncrements(COMPANY, 2, [playOf(n, run)]).find(
        (i) => i.id === SCHEDULE_DOC,
      )!;
      await repository.recordBatch({ id, companyId: COMPANY, storeId: 2, plays: [] }, new Date());
      await repository.applyIncrements(id, [inc]);
      // Its one play's day is in the schedule's document only.
      await repository.markApplied(id, new Date(), []);
    }
    expect(await schedulePlays(run)).toBe(newer + plays.length);

    // The sweep (the worker's own may have run already, on a slow machine).
    await service.sweep();
    expect(await schedulePlays(run)).toBe(newer + plays.length);
    // The other documents got the batch once too.
    expect((await service.rollup(dayQuery(plays[0]))).plays).toBe(plays.length);

    // Once every batch is long applied, the documents keep none of their stamps: the list is
    // not a window that forgets a batch still to apply, nor one that grows forever.
    const later = new Date(Date.now() + STAMP_RELEASE_AFTER_MS + 60_000);
    await repository.releaseStamps(later, 5000);
    const day = plays[0]!.startedAt.slice(0, 10);
    // The schedules' totals, the months' and the day's own collection.
    for (const collection of ['popdaily', 'popmonthly', dayCollectionOf(day)]) {
      const rollups = t.app.get<Connection>(getConnectionToken()).collection(collection);
      const docs = await rollups.find({ companyId: COMPANY }).toArray();
      expect(docs.length).toBeGreaterThan(0);
      expect(docs.map((d) => [d._id, d.stamps])).toEqual(docs.map((d) => [d._id, []]));
    }
  }, 300_000);

  const dayQuery = (play: Play) => ({
    companyId: COMPANY,
    from: play.startedAt.slice(0, 10),
    to: play.startedAt.slice(0, 10),
    dimension: 'file' as const,
    tag: play.tag,
  });
});
