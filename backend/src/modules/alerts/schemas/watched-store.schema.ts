import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * What the alerts sweep knows of a store's presence (issue 26): online or offline since when,
 * and its recent transitions (flapping). Written only when something changes, never per sweep.
 */
@Schema({ collection: 'alertstores', versionKey: false })
export class WatchedStoreDoc {
  /** storeKey: `company:store`. */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) companyId!: number;
  @Prop({ required: true }) storeId!: number;
  @Prop({ required: true }) online!: boolean;
  @Prop({ required: true }) since!: Date;
  /** The last time it was seen online (null: never since it was watched). */
  @Prop({ type: Date, default: null }) lastSeenAt!: Date | null;
  @Prop({ type: [Date], default: [] }) transitions!: Date[];
}
export const WatchedStoreSchema = SchemaFactory.createForClass(WatchedStoreDoc);
