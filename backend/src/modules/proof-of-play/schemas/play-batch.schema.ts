import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Play } from '@store-cloud/contracts';
import { SchemaTypes } from 'mongoose';

/**
 * One batch of plays a store reported (issue 32): recorded before the store's acknowledgement,
 * so a batch sent again counts once, and one the roll-ups have not taken yet (a crash between)
 * is applied by the sweep.
 */
@Schema({ collection: 'popbatches', versionKey: false })
export class PlayBatchDoc {
  /** `company:store:batchId`: a second copy of the batch is refused by the unique _id. */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) companyId!: number;
  @Prop({ required: true }) storeId!: number;
  @Prop({ required: true }) receivedAt!: Date;
  /** As the store sent them; dropped once the roll-ups have them. */
  @Prop({ type: [SchemaTypes.Mixed] }) plays?: Play[];
  @Prop({ type: Number, required: true }) playCount!: number;
  /** Null until the roll-ups have the batch. */
  @Prop({ type: Date, default: null }) appliedAt!: Date | null;
  /** The days of its plays, set once applied: where its stamps are (releaseStamps). */
  @Prop({ type: [String] }) days?: string[];
  /** True once the roll-ups dropped its stamp (releaseStamps): no copy can count twice now. */
  @Prop({ type: Boolean, default: false }) stampsReleased?: boolean;
}
export const PlayBatchSchema = SchemaFactory.createForClass(PlayBatchDoc);
PlayBatchSchema.index({ appliedAt: 1 });
