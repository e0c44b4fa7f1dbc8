import { Injectable, Logger } from '@nestjs/common';
import {
  type ProofOfPlayBatch,
  proofOfPlayCsv,
  type ProofOfPlayQuery,
  type ProofOfPlayRollup,
  type ProofOfPlayRow,
  type ScheduleRollup,
} from '@store-cloud/contracts';
import { Clock } from '../../common/clock/clock';
import { ProofOfPlayRepository, type StoredBatch } from './proof-of-play.repository';
import {
  decodeKey,
  periodsOf,
  rollupId,
  rollupIncrements,
  rollupSource,
  SCHEDULE_DIM,
  TOTAL_DAY,
} from './rollup-increments';

/** A batch not applied this long after it arrived is the sweep's (its request crashed). */
export const SWEEP_AFTER_MS = 30_000;
const SWEEP_BATCHES = 200;
/**
 * A batch applied this long ago has its stamps dropped from the roll-ups: far longer than any
 * request applying a copy of it lives (a copy arriving later finds its record applied).
 */
export const STAMP_RELEASE_AFTER_MS = 10 * 60_000;
const RELEASE_BATCHES = 5000;
/** Days' documents from before the day collections moved into them per sweep. */
const MIGRATE_DOCUMENTS = 2000;

/**
 * Proof of play (issue 32): keeps each store batch once and adds it to the company's daily and
 * monthly roll-ups; answers a range's roll-up from those, never from the plays.
 */
@Injectable()
export class ProofOfPlayService {
  private readonly logger = new Logger(ProofOfPlayService.name);

  constructor(
    private readonly repository: ProofOfPlayRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * A store's batch: true once it is recorded (the store may forget it). The roll-ups take it
   * at once; if that fails the sweep applies it later, from the record.
   */
  async receive(companyId: number, storeId: number, batch: ProofOfPlayBatch): Promise<boolean> {
    const stored = await this.repository.recordBatch(
      { id: `${companyId}:${storeId}:${batch.batchId}`, companyId, storeId, plays: batch.plays },
      this.clock.now(),
    );
    if (!stored.applied) {
      try {
        await this.apply(stored);
      } catch (error) {
        this.logger.warn(`Plays of ${stored.id} wait for the sweep: ${(error as Error).message}`);
      }
    }
    return true;
  }

  /**
   * Batches recorded but not applied (a crash in between); returns how many it applied. Then
   * moves days' documents written before the day collections into them, and drops the stamps of
   * batches applied long enough ago, so the roll-up documents stay small.
   */
  async sweep(): Promise<number> {
    const now = this.clock.now().getTime();
    const batches = await this.repository.unapplied(new Date(now - SWEEP_AFTER_MS), SWEEP_BATCHES);
    for (const batch of batches) await this.apply(batch);
    await this.repository.migrateLegacyDays(MIGRATE_DOCUMENTS, this.clock.now());
    await this.repository.releaseStamps(new Date(now - STAMP_RELEASE_AFTER_MS), RELEASE_BATCHES);
    return batches.length;
  }

  /** At a worker's start: a database with no old days in `popdaily` is recorded so at once. */
  async recordLegacyDaysMovedIfNone(): Promise<void> {
    await this.repository.recordLegacyDaysMovedIfNone(this.clock.now());
  }

  async rollup(q: ProofOfPlayQuery): Promise<ProofOfPlayRollup> {
    const source = rollupSource(q);
    // Whole calendar months as one document each, the days at either end as daily ones.
    const cells = await this.repository.cellsOf(
      periodsOf(q.from, q.to).map(({ period, monthly }) => ({
        id: rollupId(q.companyId, source.dim, source.filter, period),
        monthly,
        day: period,
      })),
    );
    const rows = new Map<string, ProofOfPlayRow>();
    for (const doc of cells)
      for (const [field, cell] of Object.entries(doc)) {
        const key = decodeKey(field);
        if (source.onlyKey !== undefined && key !== source.onlyKey) continue;
        const row = rows.get(key) ?? { key, label: cell.l, plays: 0, durationMs: 0 };
        row.plays += cell.p;
        row.durationMs += cell.d;
        // Periods come oldest first: the latest name of a file wins.
        row.label = cell.l;
        rows.set(key, row);
      }
    const list = [...rows.values()].sort((a, b) =>
      q.dimension === 'day'
        ? a.key.localeCompare(b.key)
        : b.plays - a.plays || a.label.localeCompare(b.label),
    );
    return {
      companyId: q.companyId,
      from: q.from,
      to: q.to,
      dimension: q.dimension,
      rows: list,
      plays: list.reduce((n, r) => n + r.plays, 0),
      durationMs: list.reduce((n, r) => n + r.durationMs, 0),
    };
  }

  async csv(q: ProofOfPlayQuery): Promise<string> {
    return proofOfPlayCsv(await this.rollup(q));
  }

  /** Every schedule's plays so far. */
  async schedules(companyId: number): Promise<ScheduleRollup> {
    const [doc] = await this.repository.cellsOf([
      { id: rollupId(companyId, SCHEDULE_DIM, '', TOTAL_DAY), monthly: false, day: TOTAL_DAY },
    ]);
    return Object.entries(doc ?? {}).map(([field, cell]) => ({
      scheduleId: decodeKey(field),
      plays: cell.p,
      durationMs: cell.d,
    }));
  }

  private async apply(batch: StoredBatch): Promise<void> {
    const increments = rollupIncrements(batch.companyId, batch.storeId, batch.plays);
    await this.repository.applyIncrements(batch.id, increments);
    const days = new Set(increments.filter((i) => !i.monthly).map((i) => i.day));
    days.delete(TOTAL_DAY);
    await this.repository.markApplied(batch.id, this.clock.now(), [...days]);
  }
}
