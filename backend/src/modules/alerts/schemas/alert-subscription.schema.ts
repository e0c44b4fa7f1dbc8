import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { AlertFollow } from '@store-cloud/contracts';
import { SchemaTypes } from 'mongoose';

/** A user's follows and mutes (issue 26): one document per user, replaced whole. */
@Schema({ collection: 'alertsubscriptions', versionKey: false })
export class AlertSubscriptionDoc {
  /** The user's id. */
  @Prop({ type: String, required: true }) _id!: string;
  /** The user's e-mail (username) the follows send to. */
  @Prop({ required: true }) email!: string;
  @Prop({ type: [SchemaTypes.Mixed], default: [] }) follows!: AlertFollow[];
  @Prop({ type: [SchemaTypes.Mixed], default: [] })
  mutes!: Array<{ companyId: number; storeId?: number; until?: Date }>;
  /** The companies followed, for the notifier's indexed look-up. */
  @Prop({ type: [Number], default: [], index: true }) followedCompanies!: number[];
}
export const AlertSubscriptionSchema = SchemaFactory.createForClass(AlertSubscriptionDoc);
