import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Play } from '@store-cloud/contracts';
import type { Model, mongo } from 'mongoose';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import type { RollupIncrement } from './rollup-increments';
import { PlayBatchDoc } from './schemas/play-batch.schema';
import {
  dayCollectionOf,
  isDay,
  isDayCollection,
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

/**
 * The state of the proof of play's data moves, one small document per move. A collection the
 * backups carry: a restore brings back the marker with the `popdaily` it speaks of (a backup
 * from before the marker has none, and the sweep looks for days there again).
 */
export const POP_MIGRATIONS_COLLECTION = 'popmigrations';
/** Set once `popdaily` holds no day's document: nothing writes one there any more. */
export const LEGACY_DAYS_MOVED = 'legacy-days-moved';

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
   * Where a document lives: months in `popmonthly`, each day in a collection of its own, the
   * schedules' totals in `popdaily`. FerretDB v1 (SQLite) answers even an `_id` equality with a
   * scan of the collection's table, so a read scans one day's or the months' documents only.
   */
  private collectionOf(monthly: boolean, day: string): mongo.Collection<PlayRollupDoc> {
    if (monthly) return this.monthly.collection as unknown as mongo.Collection<PlayRollupDoc>;
    if (!isDay(day)) return this.legacy;
    return this.rollups.db.collection(
      dayCollectionOf(day),
    ) as unknown as mongo.Collection<PlayRollupDoc>;
  }

  /** `popdaily`: the schedules' totals, and days written before the day collections. */
  private get legacy(): mongo.Collection<PlayRollupDoc> {
    return this.rollups.collection as unknown as mongo.Collection<PlayRollupDoc>;
  }

  /** The collection a write goes to, a day's with its stamps index (releaseStamps on MongoDB). */
  private async writableCollectionOf(
    monthly: boolean,
    day: string,
  ): Promise<mongo.Collection<PlayRollupDoc>> {
    const collection = this.collectionOf(monthly, day);
    if (monthly || !isDay(day)) return collection;
    let ready = this.indexed.get(collection.collectionName);
    if (!ready) {
      ready = collection.createIndex({ stamps: 1 }).then(() => undefined);
      this.indexed.set(collection.collectionName, ready);
      ready.catch(() => this.indexed.delete(collection.collectionName));
    }
    await ready;
    return collection;
  }

  private readonly indexed = new Map<string, Promise<void>>();

  /** Every day collection there is. */
  private async dayCollectionNames(): Promise<string[]> {
    const db = this.rollups.db.db;
    if (!db) return [];
    const list = await db.listCollections({}, { nameOnly: true }).toArray();
    return list.map((c) => c.name).filter(isDayCollection);
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
    return this.serially(async () => {
      for (const inc of increments) await this.applyOne(stamp, inc);
    });
  }

  /** Runs `write` after the process's roll-up writes before it. */
  private serially(write: () => Promise<void>): Promise<void> {
    const run = this.writes.then(write);
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
    const collection = await this.writableCollectionOf(inc.monthly, inc.day);
    try {
      await collection.updateOne(
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
      const done = await collection.findOne(
        { _id: inc.id, stamps: stamp },
        { projection: { _id: 1 } },
      );
      if (!done && !retried) await this.applyOne(stamp, inc, true);
    }
  }

  /** The roll-ups have the batch: its plays are no longer needed, the days they fell on are. */
  async markApplied(id: string, now: Date, days: readonly string[]): Promise<void> {
    await this.batches.collection.updateOne(
      { _id: id as never },
      { $set: { appliedAt: now, days: [...days] }, $unset: { plays: '' } },
    );
  }

  /**
   * Drops from the roll-ups the stamps of batches applied before `appliedBefore` (long enough ago
   * that no copy of them is still being applied; a copy arriving later finds the record applied),
   * at most `limit` batches; returns how many. One statement per collection, whatever the number
   * of documents: the months', `popdaily` and the collections of the batches' days (every day's
   * for a batch applied before the batches kept their days).
   */
  async releaseStamps(appliedBefore: Date, limit: number): Promise<number> {
    const done = await this.batches
      .find(
        { appliedAt: { $ne: null, $lt: appliedBefore }, stampsReleased: { $ne: true } },
        { _id: 1, days: 1 },
      )
      .limit(limit)
      .lean<Pick<PlayBatchDoc, '_id' | 'days'>[]>()
      .exec();
    if (!done.length) return 0;
    const stamps = done.map((d) => stampOf(d._id));
    // Collection name to the stamps to drop there.
    const perCollection = new Map<string, string[]>([
      [this.legacy.collectionName, stamps],
      [this.monthly.collection.collectionName, stamps],
    ]);
    const everyDay = done.some((d) => !d.days) ? await this.dayCollectionNames() : [];
    for (const d of done)
      for (const name of d.days?.map(dayCollectionOf) ?? everyDay)
        perCollection.set(name, [...(perCollection.get(name) ?? []), stampOf(d._id)]);
    for (const [name, some] of perCollection)
      await this.rollups.db.collection(name).updateMany({ stamps: { $in: some } }, {
        $pullAll: { stamps: some },
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
   * one id 19.3 s, of 30 ids 25.7 s; an equality read 0.06 to 0.65 s, machine at load 30). A
   * day's document not `migrated` yet is read with its day's document from `popdaily`, if any.
   */
  async cellsOf(
    refs: readonly { id: string; monthly: boolean; day: string }[],
  ): Promise<Record<string, RollupCell>[]> {
    const docs: (Pick<PlayRollupDoc, 'keys' | 'migrated'> | null)[] = [];
    const read = (collection: mongo.Collection<PlayRollupDoc>, id: string) =>
      collection.findOne({ _id: id }, { projection: { keys: 1, migrated: 1 } });
    // Once every old day is moved, a day's read is its own collection's alone.
    const readsDays = refs.some(({ monthly, day }) => !monthly && isDay(day));
    const withLegacy = readsDays && !(await this.legacyDaysMoved());
    for (const { id, monthly, day } of refs) {
      const doc = await read(this.collectionOf(monthly, day), id);
      // The older counts first: the latest label wins.
      if (withLegacy && !monthly && isDay(day) && !doc?.migrated)
        docs.push(await read(this.legacy, id));
      docs.push(doc);
    }
    return docs.flatMap((d) => (d?.keys ? [d.keys] : []));
  }

  /**
   * Moves up to `limit` days' documents written before the day collections from `popdaily` into
   * their day's collection (adding to a document the day has by now, once: `migrated`); returns
   * how many it moved. Reads add a day's `popdaily` document until then, so nothing is counted
   * twice or lost on the way. The pass that finds none left records so (LEGACY_DAYS_MOVED):
   * from then on neither the sweep nor a read looks in `popdaily` for days.
   */
  async migrateLegacyDays(limit: number, now: Date): Promise<number> {
    if (await this.legacyDaysMoved()) return 0;
    const ids = await this.legacyDayIds(limit);
    if (!ids.length) {
      // Every move and delete before this pass was acknowledged: none is left to redo.
      await this.markLegacyDaysMoved(now);
      return 0;
    }
    for (const id of ids) {
      const doc = await this.legacy.findOne({ _id: id });
      if (!doc) continue;
      await this.serially(() => this.mergeLegacy(doc));
      await this.legacy.deleteOne({ _id: id });
    }
    return ids.length;
  }

  /** Up to `limit` ids of days' documents in `popdaily` (a read of the whole collection). */
  private async legacyDayIds(limit: number): Promise<string[]> {
    const found = await this.legacy.find({}, { projection: { _id: 1, day: 1 } }).toArray();
    return found
      .filter((d) => isDay(d.day))
      .slice(0, limit)
      .map((d) => d._id);
  }

  private get migrations(): mongo.Collection<{ _id: string; at: Date }> {
    return this.rollups.db.collection(POP_MIGRATIONS_COLLECTION);
  }

  /** True once `popdaily` has no day's document left (one `_id` read of a tiny collection). */
  private async legacyDaysMoved(): Promise<boolean> {
    return (await this.migrations.findOne({ _id: LEGACY_DAYS_MOVED })) !== null;
  }

  /**
   * Records at once that `popdaily` has no day's document, where it has none (a new database),
   * so that no sweep or read looks there for days; answers whether it is recorded.
   */
  async recordLegacyDaysMovedIfNone(now: Date): Promise<boolean> {
    if (await this.legacyDaysMoved()) return true;
    if ((await this.legacyDayIds(1)).length) return false;
    return this.markLegacyDaysMoved(now);
  }

  private async markLegacyDaysMoved(now: Date): Promise<boolean> {
    try {
      await this.migrations.updateOne(
        { _id: LEGACY_DAYS_MOVED },
        { $setOnInsert: { at: now } },
        { upsert: true },
      );
    } catch (error) {
      // Another node's upsert made it just now.
      if (!isDuplicateKey(error)) throw error;
    }
    // A restore since the look for days may have brought back an older `popdaily` with days.
    // It swaps `popdaily` in before `popmigrations` (by name), so the mark either went into the
    // collection it set aside, or is followed by this look, which sees the days and undoes it.
    if (!(await this.legacyDayIds(1)).length) return true;
    await this.migrations.deleteOne({ _id: LEGACY_DAYS_MOVED });
    return false;
  }

  private async mergeLegacy(doc: PlayRollupDoc, retried = false): Promise<void> {
    const collection = await this.writableCollectionOf(false, doc.day);
    // A key the day has by now keeps its label: it is the later one (a file renamed).
    const now = await collection.findOne({ _id: doc._id }, { projection: { keys: 1 } });
    const $inc: Record<string, number> = {};
    const $set: Record<string, unknown> = { migrated: true };
    for (const [field, cell] of Object.entries(doc.keys ?? {})) {
      $inc[`keys.${field}.p`] = cell.p;
      $inc[`keys.${field}.d`] = cell.d;
      if (!now?.keys?.[field]) $set[`keys.${field}.l`] = cell.l;
    }
    const update: Record<string, unknown> = {
      $setOnInsert: { companyId: doc.companyId, dim: doc.dim, filter: doc.filter, day: doc.day },
      $set,
    };
    if (Object.keys($inc).length) update.$inc = $inc;
    // Its batches' stamps still count: a half-applied one is applied again by the sweep.
    if (doc.stamps?.length) update.$addToSet = { stamps: { $each: doc.stamps } };
    try {
      await collection.updateOne(
        { _id: doc._id, migrated: { $ne: true } },
        update as mongo.UpdateFilter<PlayRollupDoc>,
        { upsert: true },
      );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Refused insert: moved already, or a batch made the day's document just now.
      const done = await collection.findOne(
        { _id: doc._id, migrated: true },
        { projection: { _id: 1 } },
      );
      if (!done && !retried) await this.mergeLegacy(doc, true);
    }
  }
}
