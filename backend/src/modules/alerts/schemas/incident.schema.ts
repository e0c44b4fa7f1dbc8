import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { AlertKind, IncidentState } from '@store-cloud/contracts';
import { SchemaTypes } from 'mongoose';

/**
 * An incident (issue 26): opened and resolved by the worker's sweep. `openKey` is
 * `company|subject|kind` while open and the incident's own id once resolved: its unique index
 * keeps one open incident per thing on MongoDB and FerretDB alike (no partial index needed).
 */
@Schema({ collection: 'incidents', versionKey: false })
export class IncidentDoc {
  @Prop({ required: true }) openKey!: string;
  @Prop({ required: true }) companyId!: number;
  @Prop({ type: Number, default: null }) storeId!: number | null;
  @Prop({ type: String, required: true }) kind!: AlertKind;
  @Prop({ required: true }) subject!: string;
  @Prop({ type: String, required: true }) state!: IncidentState;
  @Prop({ required: true }) title!: string;
  @Prop({ type: SchemaTypes.Mixed, default: {} }) data!: Record<string, unknown>;
  @Prop({ required: true }) openedAt!: Date;
  @Prop({ type: Date, default: null }) resolvedAt!: Date | null;
  @Prop({ type: Date, default: null }) acknowledgedAt!: Date | null;
  @Prop({ type: String, default: null }) acknowledgedBy!: string | null;
  @Prop({ type: Date, default: null }) mutedUntil!: Date | null;
  /**
   * When the notifier should look at it next (null: nothing left to send). Set with the change
   * that needs a notice, in the same write, so a crash before the enqueue loses nothing.
   */
  @Prop({ type: Date, default: null }) notifyDueAt!: Date | null;
  /** Who was told it opened / resolved: rule ids, and 'followers'. */
  @Prop({ type: [String], default: [] }) openedSentTo!: string[];
  @Prop({ type: [String], default: [] }) resolvedSentTo!: string[];
}
export const IncidentSchema = SchemaFactory.createForClass(IncidentDoc);
IncidentSchema.index({ openKey: 1 }, { unique: true });
IncidentSchema.index({ state: 1, companyId: 1 });
IncidentSchema.index({ companyId: 1, openedAt: -1 });
IncidentSchema.index({ notifyDueAt: 1 });
