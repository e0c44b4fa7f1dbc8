import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One portal login (issue 23): its tokens are good while it is not ended. */
@Schema({ collection: 'sessions' })
export class SessionDoc {
  /** Random and unguessable; the tokens carry it as sid. */
  @Prop({ required: true }) sid!: string;
  @Prop({ required: true }) userId!: string;
  /** The user's token generation at login. */
  @Prop({ required: true }) gen!: number;
  @Prop({ required: true }) createdAt!: Date;
  @Prop({ required: true }) lastSeenAt!: Date;
  /** When its portal token expires: after that it is no longer listed as active. */
  @Prop({ required: true }) expiresAt!: Date;
  @Prop({ default: '' }) address!: string;
  @Prop({ default: '' }) userAgent!: string;
  @Prop({ type: Date, default: null }) endedAt!: Date | null;
}
export const SessionSchema = SchemaFactory.createForClass(SessionDoc);
SessionSchema.index({ sid: 1 }, { unique: true });
SessionSchema.index({ userId: 1, endedAt: 1 });
