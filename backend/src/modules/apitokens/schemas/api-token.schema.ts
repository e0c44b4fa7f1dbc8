import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';

/** One API token (issue 27): only its SHA-256 is kept; the token itself was shown once. */
@Schema({ collection: 'apitokens' })
export class ApiTokenDoc {
  @Prop({ required: true }) name!: string;
  /** Hex SHA-256 of the whole token: what a presented token is looked up by. */
  @Prop({ required: true }) hash!: string;
  /** The first characters of the token, to tell tokens apart in the list. */
  @Prop({ required: true }) hint!: string;
  @Prop({ type: [String], required: true }) scopes!: string[];
  /** 'all' (the creator's companies at each use) or company ids. */
  @Prop({ type: MongooseSchema.Types.Mixed, required: true }) companies!: 'all' | number[];
  @Prop({ required: true }) createdById!: string;
  @Prop({ required: true }) createdBy!: string;
  @Prop({ required: true }) createdAt!: Date;
  @Prop({ required: true }) expiresAt!: Date;
  @Prop({ type: Date, default: null }) lastUsedAt!: Date | null;
  @Prop({ type: Date, default: null }) revokedAt!: Date | null;
}
export const ApiTokenSchema = SchemaFactory.createForClass(ApiTokenDoc);
ApiTokenSchema.index({ hash: 1 }, { unique: true });
ApiTokenSchema.index({ createdById: 1, createdAt: -1 });
