import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A store of the store cloud's master data. */
@Schema({ collection: 'retailstores', timestamps: true })
export class RetailStoreDoc {
  @Prop({ required: true }) storeId!: number;
  @Prop({ required: true }) storeName!: string;
  @Prop({ required: true }) companyId!: number;
  @Prop({ default: true }) isActive!: boolean;
  /** The store's IANA time zone (dayparting); its company's when unset. */
  @Prop() timeZone?: string;
}
export const RetailStoreSchema = SchemaFactory.createForClass(RetailStoreDoc);
RetailStoreSchema.index({ companyId: 1, storeId: 1 }, { unique: true });
