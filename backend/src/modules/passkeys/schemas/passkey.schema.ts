import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One WebAuthn credential of a user (issue 27 point 2): what verifies its sign-ins. */
@Schema({ collection: 'passkeys' })
export class PasskeyDoc {
  @Prop({ required: true }) userId!: string;
  /** The credential id, base64url, as the authenticator names it in every assertion. */
  @Prop({ required: true }) credentialId!: string;
  /** The COSE public key. */
  @Prop({ type: Buffer, required: true }) publicKey!: Buffer;
  /** The signature counter last seen: an assertion must raise it (unless both stay 0). */
  @Prop({ required: true, default: 0 }) counter!: number;
  @Prop({ type: [String], default: [] }) transports!: string[];
  @Prop({ required: true }) name!: string;
  /** Synced by its provider (multi-device) rather than bound to one authenticator. */
  @Prop({ default: false }) backedUp!: boolean;
  @Prop({ required: true }) createdAt!: Date;
  @Prop({ type: Date, default: null }) lastUsedAt!: Date | null;
}
export const PasskeySchema = SchemaFactory.createForClass(PasskeyDoc);
PasskeySchema.index({ credentialId: 1 }, { unique: true });
PasskeySchema.index({ userId: 1 });
