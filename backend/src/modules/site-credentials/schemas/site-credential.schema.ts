import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A user's own credentials for one store (DESIGN §3); the password only ever encrypted. */
@Schema({ collection: 'sitecredentials', timestamps: true })
export class SiteCredentialDoc {
  @Prop({ required: true }) userId!: string;
  @Prop({ required: true }) companyId!: number;
  @Prop({ required: true }) storeId!: number;
  @Prop({ default: '' }) username!: string;
  /** SiteCredentialsCipher's output, or empty when no password is set. */
  @Prop({ default: '' }) passwordEncrypted!: string;
}
export const SiteCredentialSchema = SchemaFactory.createForClass(SiteCredentialDoc);
SiteCredentialSchema.index({ userId: 1, companyId: 1, storeId: 1 }, { unique: true });
