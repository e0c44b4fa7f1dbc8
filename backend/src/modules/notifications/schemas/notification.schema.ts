import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export const NOTIFICATION_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];
export const NOTIFICATION_CHANNELS = ['email', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** One attempt to send a notification: what the receiver answered, or why nothing came back. */
@Schema({ _id: false })
export class NotificationAttemptDoc {
  @Prop({ required: true }) at!: Date;
  @Prop({ required: true }) durationMs!: number;
  /** The HTTP status a webhook answered with (e-mail: 250 when the SMTP server took it). */
  @Prop() status?: number;
  @Prop() error?: string;
  /** The answer's first bytes (a webhook's body, the SMTP server's reply). */
  @Prop() response?: string;
}
export const NotificationAttemptSchema = SchemaFactory.createForClass(NotificationAttemptDoc);

/**
 * The notifications outbox (issue 26): one document per (key, recipient), the truth of what was
 * sent. The unique index makes an enqueue repeated after a crash add nothing; a sender claims a
 * document with a lease (claimedUntil, claimToken) so no two nodes send it at once.
 */
@Schema({ collection: 'notifications', timestamps: { createdAt: true, updatedAt: false } })
export class NotificationDoc {
  /** The idempotency key of the request, e.g. `${incidentId}:opened`. */
  @Prop({ required: true }) key!: string;
  /** `email:<address>` or `webhook:<id>`. */
  @Prop({ required: true }) recipient!: string;
  @Prop({ type: String, required: true, enum: NOTIFICATION_CHANNELS })
  channel!: NotificationChannel;
  /** The e-mail address or the webhook id. */
  @Prop({ required: true }) target!: string;
  /** Sent as the webhook's delivery header and the e-mail's Message-ID: receivers dedupe on it. */
  @Prop({ required: true }) deliveryId!: string;
  @Prop({ required: true }) companyId!: number;
  @Prop() storeId?: number;
  @Prop({ required: true }) event!: string;
  @Prop({ required: true }) kind!: string;
  @Prop({ required: true }) subject!: string;
  @Prop({ required: true }) text!: string;
  @Prop({ required: true }) portalPath!: string;
  /** JSON of the webhook payload's data (its keys may hold '.' or '$', which MongoDB refuses). */
  @Prop({ required: true }) data!: string;
  /** A replay names the delivery it repeats. */
  @Prop() replayOf?: string;
  @Prop({ type: String, required: true, enum: NOTIFICATION_STATES }) state!: NotificationState;
  @Prop({ default: 0 }) attempts!: number;
  /** Not sent before this (the backoff). */
  @Prop({ required: true }) nextAttemptAt!: Date;
  /** While sending: until when the claiming node may take; after it another node retakes it. */
  @Prop() claimedUntil?: Date;
  /** The claim's own token: only the node holding it may mark the document. */
  @Prop() claimToken?: string;
  @Prop({ type: [NotificationAttemptSchema], default: [] }) log!: NotificationAttemptDoc[];
  @Prop() sentAt?: Date;
  @Prop() lastError?: string;
  createdAt!: Date;
}
export const NotificationSchema = SchemaFactory.createForClass(NotificationDoc);
NotificationSchema.index({ key: 1, recipient: 1 }, { unique: true });
NotificationSchema.index({ deliveryId: 1 }, { unique: true });
NotificationSchema.index({ state: 1, nextAttemptAt: 1 });
NotificationSchema.index({ channel: 1, target: 1, createdAt: -1 });
