import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { AlertDelivery, AlertRuleKind, QuietWindow } from '@store-cloud/contracts';
import { SchemaTypes } from 'mongoose';

/** A company's alert rule (issue 26), as alertRuleInputSchema parsed it. */
@Schema({ collection: 'alertrules', timestamps: true, versionKey: false })
export class AlertRuleDoc {
  @Prop({ required: true, index: true }) companyId!: number;
  @Prop({ required: true }) name!: string;
  @Prop({ type: [String], required: true }) kinds!: AlertRuleKind[];
  @Prop({ required: true }) graceSeconds!: number;
  @Prop({ type: SchemaTypes.Mixed, required: true })
  flapping!: { transitions: number; minutes: number };
  @Prop({ required: true }) staleBackupHours!: number;
  @Prop({ required: true }) mediaSharePercent!: number;
  @Prop({ required: true }) notSeenDays!: number;
  @Prop({ type: [SchemaTypes.Mixed], default: [] }) quietHours!: QuietWindow[];
  @Prop({ required: true }) timeZone!: string;
  @Prop({ type: SchemaTypes.Mixed, required: true })
  recipients!: { emails: string[]; webhookIds: string[] };
  @Prop({ type: String, required: true }) delivery!: AlertDelivery;
  @Prop({ required: true }) enabled!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
}
export const AlertRuleSchema = SchemaFactory.createForClass(AlertRuleDoc);
