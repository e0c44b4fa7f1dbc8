import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A stored backup. The data is gzipped Extended JSON: its `$oid`/`$date` keys could not be
 * stored as a document (DESIGN §7: no keys with a leading `$`), and compressed it fits far more
 * than 16 MB of data in one document.
 */
@Schema({ collection: 'backups', timestamps: true })
export class BackupDoc {
  @Prop({ required: true }) name!: string;
  @Prop({ required: true }) url!: string;
  @Prop({ required: true }) time!: Date;
  @Prop({ type: Buffer, required: true }) data!: Buffer;
  @Prop({ required: true }) size!: number;
  /** The job that made it: a job whose worker died learns from it that it finished. */
  @Prop() jobId?: string;
}
export const BackupSchema = SchemaFactory.createForClass(BackupDoc);
