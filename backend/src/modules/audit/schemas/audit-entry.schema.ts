import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One change somebody made (DESIGN §3 auditlog): who, what, to what, when. */
@Schema({ collection: 'auditlog', timestamps: false })
export class AuditEntryDoc {
  @Prop({ required: true }) actorId!: string;
  @Prop({ required: true }) actor!: string;
  @Prop({ required: true }) action!: string;
  @Prop({ required: true }) target!: string;
  @Prop({ type: Object, default: undefined }) details?: Record<string, string | number | boolean>;
  @Prop({ required: true }) at!: Date;
}
export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntryDoc);
AuditEntrySchema.index({ at: -1 });
