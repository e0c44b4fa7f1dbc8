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
 * `store:<id>`; and one `schedule` document per company (day `total`) per schedule id. The same
 * documents per calendar month (day `YYYY-MM`) live in `popmonthly` (PLAY_ROLLUP_MONTH_MODEL). A
 * range reads its whole months' and other days' documents by _id, whatever the number of plays.
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
}
export const PlayRollupSchema = SchemaFactory.createForClass(PlayRollupDoc);
PlayRollupSchema.index({ companyId: 1, day: 1 });
// releaseStamps finds the documents by the stamps it drops.
PlayRollupSchema.index({ stamps: 1 });

/** The monthly roll-ups: the same schema in a collection of their own. */
export const PLAY_ROLLUP_MONTH_MODEL = 'PlayRollupMonthDoc';
export const PLAY_ROLLUP_MONTH_COLLECTION = 'popmonthly';
