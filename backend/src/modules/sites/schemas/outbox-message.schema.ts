import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { OUTBOX_STATES, type OutboxState } from '@store-cloud/contracts';

/**
 * A relayed call held for an offline store (the outbox). The request body and query are kept
 * as JSON text: a body may carry keys MongoDB refuses (a '.' or a leading '$').
 */
@Schema({ collection: 'siteoutbox', timestamps: { createdAt: true, updatedAt: false } })
export class OutboxMessageDoc {
  @Prop({ required: true }) company!: number;
  @Prop({ required: true }) store!: number;
  @Prop({ required: true }) method!: string;
  /** Below the relay prefix, as the store sees it: '/broadcastMessage'. */
  @Prop({ required: true }) path!: string;
  /** JSON of the query record (c, s, d, ...). */
  @Prop({ required: true }) query!: string;
  /** JSON of the body; absent when the call had none. */
  @Prop() body?: string;
  /** The portal user whose call it was. */
  @Prop({ default: '' }) user!: string;
  @Prop({ type: String, required: true, enum: OUTBOX_STATES }) state!: OutboxState;
  @Prop({ default: 0 }) attempts!: number;
  /** While delivering: until when the claiming node may take to finish before another retakes it. */
  @Prop() claimedUntil?: Date;
  @Prop() deliveredAt?: Date;
  /** The status the store answered with, once it answered. */
  @Prop() replyStatus?: number;
  @Prop() lastError?: string;
  createdAt!: Date;
}
export const OutboxMessageSchema = SchemaFactory.createForClass(OutboxMessageDoc);
OutboxMessageSchema.index({ company: 1, store: 1, state: 1, createdAt: 1 });
OutboxMessageSchema.index({ state: 1, createdAt: 1 });
