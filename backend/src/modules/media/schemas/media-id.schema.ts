import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A company's media file as proof of play counts it (issue 32): an id given at the file's first
 * listing to a store, so its plays stay together when it is renamed or deleted.
 */
@Schema({ collection: 'mediaids', versionKey: false })
export class MediaIdDoc {
  /** The media id stores report their plays under. */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) companyId!: number;
  /** The file's name now (a rename changes it here, the id stays). */
  @Prop({ required: true }) filename!: string;
  @Prop({ required: true }) createdAt!: Date;
}
export const MediaIdSchema = SchemaFactory.createForClass(MediaIdDoc);
MediaIdSchema.index({ companyId: 1, filename: 1 }, { unique: true });
