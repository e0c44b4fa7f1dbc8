import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  type WebhookEvent,
  type WebhookFormat,
} from '@store-cloud/contracts';

/** A company's webhook (issue 26): where its notifications are POSTed, signed with its secret. */
@Schema({ collection: 'webhooks', timestamps: true })
export class WebhookDoc {
  @Prop({ required: true }) companyId!: number;
  @Prop({ required: true }) name!: string;
  @Prop({ required: true }) url!: string;
  @Prop({ type: [String], enum: WEBHOOK_EVENTS, required: true }) events!: WebhookEvent[];
  @Prop({ type: String, enum: WEBHOOK_FORMATS, required: true }) format!: WebhookFormat;
  @Prop({ required: true }) enabled!: boolean;
  /** The signing secret, encrypted (AES-256-GCM with SITE_CREDENTIALS_KEY, bound to the id). */
  @Prop({ required: true }) secretSealed!: string;
  createdAt!: Date;
  updatedAt!: Date;
}
export const WebhookSchema = SchemaFactory.createForClass(WebhookDoc);
WebhookSchema.index({ companyId: 1, name: 1 });
