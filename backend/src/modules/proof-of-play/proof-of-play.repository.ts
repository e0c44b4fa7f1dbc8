import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Play } from '@store-cloud/contracts';
import type { Model, mongo } from 'mongoose';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import type { RollupIncrement } from './rollup-increments';
import { PlayBatchDoc } from './schemas/play-batch.schema';
import {
  type RollupCell,
  PlayRollupDoc,
  PLAY_ROLLUP_MONTH_MODEL,
} from './schemas/play-rollup.schema';

/**
 * A batch's stamp: 16 hex digits of its record id's hash. A roll-up document keeps the stamps of
 * the batches it took until their records say applied (releaseStamps), so a batch applied again
 * (a duplicate in flight, the sweep after a crash) counts once however many batches came since:
 * a bounded list of the last N stamps forgot a half-applied batch that waited behind N newer
 * ones, and MongoDB's $slice did just that (FerretDB v1 ignores $slice: the list grew forever).
 */
export const stampOf = (batchRecordId: string) =>
  createHash('sha256').update(batchRecordId).digest('hex').slice(0, 16);

export interface StoredBatch {
  id: string;
  companyId: number;
  storeId: number;
  plays: Play[];
  applied: boolean;
}

const toBatch = (d: PlayBatchDoc): StoredBatch => ({
  id: d._id,
  companyId: d.companyId,
  storeId: d.storeId,
  plays: d.plays ?? [],
  applied: d.appliedAt !== null && d.appliedAt !== undefined,
});

@Injectable()
export class ProofOfPlayRepository {
  constructor(
    @InjectModel(PlayBatchDoc.name) private readonly batches: Model<PlayBatchDoc>,
    @InjectModel(PlayRollupDoc.name) private readonly rollups: Model<PlayRollupDoc>,
    @InjectModel(PLAY_ROLLUP_MONTH_MODEL) private readonly monthly: Model<PlayRollupDoc>,
  ) {}

  /**
   * Months in a collection of their own: FerretDB v1 (SQLite) answers even an `_id` equality
   * with a scan of the collection's table, so a month's read scans ~30 times fewer documents.
   */
  private modelOf(monthly: boolean): Model<PlayRollupDoc> {
    return monthly ? this.monthly : this.rollups;
  }

  /** Records a batch once: the new record, or the one already there under its id. */
  async recordBatch(batch: Omit<StoredBatch, 'applied'>, now: Date): Promise<StoredBatch> {
    try {
      await this.batches.collection.insertOne({
        _id: batch.id as never,
        companyId: batch.companyId,
        storeId: batch.storeId,
        receivedAt: now,
        plays: batch.plays,
        playCount: batch.plays.length,
        appliedAt: null,
      });
      return { ...batch, applied: false };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const existing = await this.batches.findById(batch.id).lean<PlayBatchDoc>().exec();
      // Applied and its plays dropped, or still waiting with them.
      return existing ? toBatch(existing) : { ...batch, applied: false };
    }
  }

  /**
   * Adds a batch's increments, each document once per batch: the update matches only a document
   * without the batch's stamp; where the stamp is there already the upsert's insert meets the
   * existing _id and is refused, which means done. One batch at a time per process, one document
   * after another: FerretDB v1 loses concurrent updates of a document (measured: 22 of 40).
   */
  applyIncrements(batchRecordId: string, increments: readonly RollupIncrement[]): Promise<void> {
    const stamp = stampOf(batchRecordId);
    const run = this.writes.then(async () => {
      for (const inc of increments) await this.applyOne(stamp, inc);
    });
    this.writes = run.catch(() => undefined);
    return run;
  }

  private writes: Promise<void> = Promise.resolve();

  private async applyOne(stamp: string, inc: RollupIncrement, retried = false): Promise<void> {
    const $inc: Record<string, number> = {};
    const $set: Record<string, string> = {};
    for (const [field, cell] of inc.cells) {
      $inc[`keys.${field}.p`] = cell.p;
      $inc[`keys.${field}.d`] = cell.d;
      $set[`keys.${field}.l`] = cell.l;
    }
    const model = this.modelOf(inc.monthly);
    try {
      await model.collection.updateOne(
        { _id: inc.id as never, stamps: { $ne: stamp } },
        {
          $setOnInsert: {
            companyId: inc.companyId,
            dim: inc.dim,
            filter: inc.filter,
            day: inc.day,
          },
          $inc,
          $set,
          $push: { stamps: stamp },
        } as unknown as mongo.UpdateFilter<mongo.Document>,
        { upsert: true },
      );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Refused insert: the stamp is there (done), or another node made the document just now.
      const done = await model.exists({ _id: inc.id, stamps: stamp }).exec();
      if (!done && !retried) await this.applyOne(stamp, inc, true);
    }
  }

  /** The roll-ups have the batch: its plays are no longer needed. */
  async markApplied(id: string, now: Date): Promise<void> {
    await this.batches.collection.updateOne(
      { _id: id as never },
      { $set: { appliedAt: now }, $unset: { plays: '' } },
    );
  }

  /**
   * Drops from the roll-ups the stamps of batches applied before `appliedBefore` (long enough ago
   * that no copy of them is still being applied; a copy arriving later finds the record applied),
   * at most `limit` batches; returns how many. One statement per collection, whatever the number
   * of documents.
   */
  async releaseStamps(appliedBefore: Date, limit: number): Promise<number> {
    const done = await this.batches
      .find(
        { appliedAt: { $ne: null, $lt: appliedBefore }, stampsReleased: { $ne: true } },
        { _id: 1 },
      )
      .limit(limit)
      .lean<Pick<PlayBatchDoc, '_id'>[]>()
      .exec();
    if (!done.length) return 0;
    const stamps = done.map((d) => stampOf(d._id));
    for (const model of [this.rollups, this.monthly])
      await model.collection.updateMany({ stamps: { $in: stamps } }, {
        $pullAll: { stamps },
      } as unknown as mongo.UpdateFilter<mongo.Document>);
    await this.batches.collection.updateMany(
      { _id: { $in: done.map((d) => d._id) as never[] } },
      { $set: { stampsReleased: true } },
    );
    return done.length;
  }

  /** Batches recorded before `before` that the roll-ups do not have yet (a crash between). */
  async unapplied(before: Date, limit: number): Promise<StoredBatch[]> {
    const docs = await this.batches
      .find({ appliedAt: null })
      .limit(limit * 4)
      .lean<PlayBatchDoc[]>()
      .exec();
    return docs
      .filter((d) => new Date(d.receivedAt) < before)
      .slice(0, limit)
      .map(toBatch);
  }

  /**
   * The cells of each document named (absent ones are left out), without their stamps. One
   * `_id` equality read per document: FerretDB v1 (SQLite) pushes an `_id` equality down to SQL
   * but answers `$in` by decoding the whole collection (measured on 10,020 documents: `$in` of
   * one id 19.3 s, of 30 ids 25.7 s; an equality read 0.06 to 0.65 s, machine at load 30).
   */
  async cellsOf(
    refs: readonly { id: string; monthly: boolean }[],
  ): Promise<Record<string, RollupCell>[]> {
    const docs: (Pick<PlayRollupDoc, 'keys'> | null)[] = [];
    for (const { id, monthly } of refs)
      docs.push(
        await this.modelOf(monthly)
          .findOne({ _id: id }, { keys: 1 })
          .lean<Pick<PlayRollupDoc, 'keys'>>()
          .exec(),
      );
    return docs.flatMap((d) => (d?.keys ? [d.keys] : []));
  }
}
