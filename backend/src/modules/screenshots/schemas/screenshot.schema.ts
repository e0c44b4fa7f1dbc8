import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { ScreenshotType } from '@store-cloud/contracts';

/**
 * The latest screenshot of one screen of a store (issue 32 item 3): one document per store and
 * screen, replaced by the next one. The image (at most SCREENSHOT_MAX_BYTES) sits in the
 * document itself, far below MongoDB's 16 MB, so no GridFS.
 */
@Schema({ collection: 'screenshots', versionKey: false })
export class ScreenshotDoc {
  /** `company:store:screen`. */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) companyId!: number;
  @Prop({ required: true }) storeId!: number;
  @Prop({ required: true }) screen!: string;
  /** The store's time of the capture. */
  @Prop({ required: true }) takenAt!: Date;
  @Prop({ required: true }) receivedAt!: Date;
  @Prop({ type: String, default: null }) showing!: string | null;
  @Prop({ type: String, required: true }) contentType!: ScreenshotType;
  @Prop({ required: true }) width!: number;
  @Prop({ required: true }) height!: number;
  @Prop({ type: Buffer, required: true }) image!: Buffer;
  @Prop({ required: true }) takenBy!: string;
}
export const ScreenshotSchema = SchemaFactory.createForClass(ScreenshotDoc);
