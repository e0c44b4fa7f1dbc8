import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';

export const BACKUP_JOB_RECORD_STATES = ['waiting', 'active', 'completed', 'failed'] as const;
export type BackupJobRecordState = (typeof BACKUP_JOB_RECORD_STATES)[number];

/**
 * A backup or restore job as the database remembers it (DESIGN §8): written before its BullMQ
 * job, which carries only this record's id. The record is the truth a status read answers.
 */
@Schema({ collection: 'backupjobs', timestamps: true })
export class BackupJobDoc {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) name!: string;
  @Prop({ required: true }) serverName!: string;
  /** A restore's backup. */
  @Prop() backupId?: string;
  /** The user who asked (id and name), for the record. */
  @Prop({ required: true }) requestedBy!: string;
  @Prop({ type: String, required: true, enum: BACKUP_JOB_RECORD_STATES })
  state!: BackupJobRecordState;
  /**
   * `server:<name>` while the job waits or runs, its own id once it ended: the unique index lets
   * one live job per server exist (works on MongoDB and FerretDB alike, no partial index).
   */
  @Prop({ required: true }) liveKey!: string;
  @Prop({ default: 0 }) percent!: number;
  @Prop({ default: '' }) stage!: string;
  /** Set when failed: a message fit for a person. */
  @Prop() error?: string;
  @Prop({ type: MongooseSchema.Types.Mixed }) result?: unknown;
  /** The worker (holder and token) that runs it. */
  @Prop() owner?: string;
  @Prop() startedAt?: Date;
  /** Renewed by the running worker's heartbeat; a stale one means the worker died. */
  @Prop() aliveAt?: Date;
  @Prop() finishedAt?: Date;
}
export const BackupJobSchema = SchemaFactory.createForClass(BackupJobDoc);
BackupJobSchema.index({ liveKey: 1 }, { unique: true });
BackupJobSchema.index({ state: 1 });
