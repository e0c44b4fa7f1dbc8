import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One attempt of one notification, taken by one sender: `_id` is `<notification id>:<attempt>`,
 * so the unique _id decides which sender owns an attempt (FerretDB's findOneAndUpdate is no
 * atomic compare and set; an insert under a unique key is, on both databases).
 */
@Schema({ collection: 'notificationclaims', versionKey: false })
export class NotificationClaimDoc {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) at!: Date;
}
export const NotificationClaimSchema = SchemaFactory.createForClass(NotificationClaimDoc);
