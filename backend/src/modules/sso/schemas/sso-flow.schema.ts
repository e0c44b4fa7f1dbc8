import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A single sign-on started and not finished (ssoflows): what the callback needs to verify the
 * provider's answer, in the database so any node can finish it. Taken once (deleted) by the
 * callback; an old one is refused by expiresAt and removed by the next start (no TTL index on
 * FerretDB, DESIGN §7).
 */
@Schema({ collection: 'ssoflows' })
export class SsoFlowDoc {
  @Prop({ required: true }) state!: string;
  @Prop({ required: true }) nonce!: string;
  @Prop({ required: true }) codeVerifier!: string;
  /** sha256 of the browser cookie's value: the callback must come from the same browser. */
  @Prop({ required: true }) browserHash!: string;
  @Prop({ required: true }) expiresAt!: Date;
}
export const SsoFlowSchema = SchemaFactory.createForClass(SsoFlowDoc);
SsoFlowSchema.index({ state: 1 }, { unique: true });
SsoFlowSchema.index({ expiresAt: 1 });

/** A one-time code the callback handed the portal (ssocodes), stored as its sha256 only. */
@Schema({ collection: 'ssocodes' })
export class SsoCodeDoc {
  @Prop({ required: true }) codeHash!: string;
  @Prop({ required: true }) userId!: string;
  @Prop({ required: true }) browserHash!: string;
  @Prop({ required: true }) expiresAt!: Date;
}
export const SsoCodeSchema = SchemaFactory.createForClass(SsoCodeDoc);
SsoCodeSchema.index({ codeHash: 1 }, { unique: true });
SsoCodeSchema.index({ expiresAt: 1 });
