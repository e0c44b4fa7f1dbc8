import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';

/** What a roll-up document counts per key: plays, play time (ms), the latest label. */
export interface RollupCell {
  p: number;
  d: number;
  l: string;
}

/**
 * The plays of one company on one day, per key of one dimension, under one filter (issue 32):
 * `file` per media id, `tag`, `store` per store id, `day`; filter '' (all), `tag:<tag>` or
 * `store:<id>`. A day's documents live in a collection of that day (dayCollectionOf), the same
 * documents per calendar month (day `YYYY-MM`) in `popmonthly` (PLAY_ROLLUP_MONTH_MODEL), and
 * `popdaily` keeps one `schedule` document per company (day `total`) per schedule id, plus days
 * written before the day collections until the sweep moved them (`migrated` on the day's
 * document says it has them). A range reads its whole months' and other days' documents by _id,
 * whatever the number of plays.
 */
@Schema({ collection: 'popdaily', versionKey: false })
export class PlayRollupDoc {
  /** `company|dim|filter|day` (or `|YYYY-MM` in `popmonthly`). */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) companyId!: number;
  @Prop({ required: true }) dim!: string;
  @Prop({ type: String, default: '' }) filter!: string;
  @Prop({ required: true }) day!: string;
  /** Encoded key (rollupKey) to its counts. */
  @Prop({ type: SchemaTypes.Mixed, default: {} }) keys!: Record<string, RollupCell>;
  /** The batches applied here whose stamps are not released yet (a batch counts once). */
  @Prop({ type: [String], default: [] }) stamps!: string[];
  /** A day collection's document that took in its day's document of `popdaily` (once). */
  @Prop({ type: Boolean }) migrated?: boolean;
}
export const PlayRollupSchema = SchemaFactory.createForClass(PlayRollupDoc);
PlayRollupSchema.index({ companyId: 1, day: 1 });
// releaseStamps finds the documents by the stamps it drops.
PlayRollupSchema.index({ stamps: 1 });

/** The monthly roll-ups: the same schema in a collection of their own. */
export const PLAY_ROLLUP_MONTH_MODEL = 'PlayRollupMonthDoc';
export const PLAY_ROLLUP_MONTH_COLLECTION = 'popmonthly';

/**
 * A day's documents in a collection of their own, `popdaily_YYYYMMDD`: FerretDB v1 (SQLite)
 * answers an `_id` equality by scanning the collection's table until it finds the document, so
 * a day's read scans one day's documents however many days are kept (measured in one collection
 * of 58 days: the newest day 0.85 to 1.24 s p95; docs/benchmarks.md).
 */
export const DAY_COLLECTION_PREFIX = 'popdaily_';
export const dayCollectionOf = (day: string) =>
  `${DAY_COLLECTION_PREFIX}${day.replaceAll('-', '')}`;
export const isDayCollection = (name: string) =>
  name.startsWith(DAY_COLLECTION_PREFIX) &&
  /^\d{8}$/.test(name.slice(DAY_COLLECTION_PREFIX.length));
/** A day (`YYYY-MM-DD`), not a month or the schedules' `total`. */
export const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day);
