import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { AuditChange, AuditTargetType } from '@store-cloud/contracts';
import { SchemaTypes } from 'mongoose';

/**
 * One change somebody (or the platform) made (DESIGN §3 auditlog, issue 17): who, what, to what,
 * when, and the changed fields before and after. Written once, never updated or removed.
 */
@Schema({ collection: 'auditlog', versionKey: false, timestamps: false })
export class AuditEntryDoc {
  @Prop({ required: true }) actorId!: string;
  @Prop({ required: true }) actor!: string;
  @Prop({ required: true }) action!: string;
  /** Entries written before issue 17 have none: they are all user changes. */
  @Prop({ type: String }) targetType?: AuditTargetType;
  @Prop({ required: true }) target!: string;
  /** The companies the entry concerns; a company-limited administrator sees only theirs. */
  @Prop({ type: [Number], default: [] }) companies!: number[];
  @Prop({ type: [SchemaTypes.Mixed], default: [] }) changes!: AuditChange[];
  @Prop({ type: Object, default: undefined }) details?: Record<string, unknown>;
  @Prop({ required: true }) at!: Date;
  /** A reported change's own id (media file changes); the entry's _id derives from it. */
  @Prop({ type: String }) eventId?: string;
}
export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntryDoc);
// The Audit screen's queries (GET /portal/auditlog): newest first within a time range, optionally
// by one actor, one action (or an action's area prefix) or one company.
AuditEntrySchema.index({ at: -1 });
AuditEntrySchema.index({ actor: 1, at: -1 });
AuditEntrySchema.index({ action: 1, at: -1 });
AuditEntrySchema.index({ companies: 1, at: -1 });
