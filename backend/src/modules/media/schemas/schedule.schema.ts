import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  SCHEDULE_STATUSES,
  type ScheduleRepeat,
  type ScheduleStatus,
} from '@store-cloud/contracts';

/** A central media schedule (spec media §3): files go live in a tag folder from start to end. */
@Schema({ collection: 'schedules' })
export class ScheduleDoc {
  @Prop({ required: true }) companyId!: number;
  @Prop({ required: true }) companyName!: string;
  @Prop({ required: true }) mediaFolderName!: string;
  @Prop({ required: true }) destination!: string;
  @Prop({ required: true }) startDate!: Date;
  @Prop({ required: true }) endDate!: Date;
  @Prop({ required: true }) createdDate!: Date;
  @Prop({ required: true }) author!: string;
  @Prop({ type: [String], default: [] }) files!: string[];
  @Prop({ type: String, required: true, enum: SCHEDULE_STATUSES }) status!: ScheduleStatus;
  /** The last step that failed to move its files, until a later step succeeds (alerts read it). */
  @Prop({ type: Object }) failure?: ScheduleFailure;
  /** Dayparting: the weekdays, daily times and time zone of a repeating schedule. */
  @Prop({ type: Object }) repeat?: ScheduleRepeat;
  /** A repeating schedule's files are in the tag now (inside a window). */
  @Prop() onAir?: boolean;
  /**
   * A repeating schedule's move, recorded before it is made and cleared once made: a process
   * killed in between leaves it here and the next run makes it again.
   */
  @Prop({ type: Object }) step?: ScheduleStep;
}

export interface ScheduleStep {
  from: string;
  to: string;
  /** Which failure step it counts as: 'start' when files go on air, 'end' when they leave. */
  kind: 'start' | 'end';
}

export interface ScheduleFailure {
  step: 'start' | 'end';
  at: Date;
  /** The files not moved (every file when the media server did not answer). */
  files: string[];
  error: string;
}
export const ScheduleSchema = SchemaFactory.createForClass(ScheduleDoc);
ScheduleSchema.index({ mediaFolderName: 1 });
ScheduleSchema.index({ status: 1 });
ScheduleSchema.index({ 'failure.at': 1 }, { sparse: true });
