import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { DELIVERY_STATES, type DeliveryState } from '@store-cloud/contracts';
import { Types } from 'mongoose';

/**
 * One send of the message screen (issue 17). The message is kept as JSON text: its parameters
 * may carry keys MongoDB refuses. companies lists the target sites' companies, for scoping.
 */
@Schema({ collection: 'messagedeliveries', timestamps: { createdAt: true, updatedAt: false } })
export class MessageDeliveryDoc {
  @Prop({ required: true }) message!: string;
  @Prop({ required: true }) user!: string;
  @Prop({ type: [Number], required: true }) companies!: number[];
  @Prop() resendOf?: string;
  createdAt!: Date;
}
export const MessageDeliverySchema = SchemaFactory.createForClass(MessageDeliveryDoc);
MessageDeliverySchema.index({ createdAt: -1 });
MessageDeliverySchema.index({ companies: 1, createdAt: -1 });

/** One target site of a send and what became of the message there. */
@Schema({ collection: 'messagedeliverysites' })
export class MessageDeliverySiteDoc {
  @Prop({ type: Types.ObjectId, required: true }) delivery!: Types.ObjectId;
  /** The position in the send order. */
  @Prop({ required: true }) order!: number;
  @Prop({ required: true }) companyId!: number;
  @Prop({ required: true }) companyName!: string;
  @Prop({ required: true }) storeId!: number;
  @Prop({ required: true }) storeName!: string;
  @Prop({ type: String, required: true, enum: DELIVERY_STATES }) state!: DeliveryState;
  @Prop() reason?: string;
  @Prop() at?: Date;
  /** The outbox record of a held call. */
  @Prop() outboxId?: string;
  /** JSON of the store's MessageHistory answer. */
  @Prop() result?: string;
}
export const MessageDeliverySiteSchema = SchemaFactory.createForClass(MessageDeliverySiteDoc);
MessageDeliverySiteSchema.index({ delivery: 1, companyId: 1, storeId: 1 }, { unique: true });
MessageDeliverySiteSchema.index({ delivery: 1, order: 1 });
// The metrics' count by state (issue 28).
MessageDeliverySiteSchema.index({ state: 1 });

/**
 * The claim of a send's one resend (issue 24): its _id is the resent delivery's, so a second
 * claim fails on the unique _id, which holds on FerretDB too (a conditional update does not).
 */
@Schema({ collection: 'messageresends', timestamps: { createdAt: true, updatedAt: false } })
export class MessageResendDoc {
  @Prop({ type: Types.ObjectId, required: true }) _id!: Types.ObjectId;
  /** The delivery that resends it. */
  @Prop({ type: Types.ObjectId, required: true }) resend!: Types.ObjectId;
}
export const MessageResendSchema = SchemaFactory.createForClass(MessageResendDoc);
