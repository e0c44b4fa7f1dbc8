import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'backupservers', timestamps: true })
export class BackupServerDoc {
  @Prop({ required: true, trim: true }) name!: string;
  /** name lower-cased: the unique index makes names unique case-insensitively (spec §5). */
  @Prop({ required: true }) nameKey!: string;
  @Prop({ required: true, trim: true }) url!: string;
}
export const BackupServerSchema = SchemaFactory.createForClass(BackupServerDoc);
BackupServerSchema.index({ nameKey: 1 }, { unique: true });
