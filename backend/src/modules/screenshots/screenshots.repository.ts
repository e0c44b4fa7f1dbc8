import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Screenshot, ScreenshotType } from '@store-cloud/contracts';
import { type Model, mongo } from 'mongoose';
import { ScreenshotDoc } from './schemas/screenshot.schema';

/** A screenshot as it is kept: the image as bytes. */
export interface StoredScreenshot {
  companyId: number;
  storeId: number;
  screen: string;
  takenAt: Date;
  receivedAt: Date;
  showing: string | null;
  contentType: ScreenshotType;
  width: number;
  height: number;
  image: Buffer;
  takenBy: string;
}

const idOf = (companyId: number, storeId: number, screen: string) =>
  `${companyId}:${storeId}:${screen}`;

/** The screenshot as the API answers it: the image as a data URL. */
const toScreenshot = (d: StoredScreenshot): Screenshot => ({
  companyId: d.companyId,
  storeId: d.storeId,
  screen: d.screen,
  takenAt: new Date(d.takenAt).toISOString(),
  receivedAt: new Date(d.receivedAt).toISOString(),
  showing: d.showing ?? null,
  contentType: d.contentType,
  width: d.width,
  height: d.height,
  image: `data:${d.contentType};base64,${Buffer.from(d.image).toString('base64')}`,
  takenBy: d.takenBy,
});

/** The screenshots collection: the latest screenshot per store and screen. */
@Injectable()
export class ScreenshotsRepository {
  constructor(@InjectModel(ScreenshotDoc.name) private readonly model: Model<ScreenshotDoc>) {}

  /** Replaces the screen's screenshot with this one. */
  async save(shot: StoredScreenshot): Promise<Screenshot> {
    const _id = idOf(shot.companyId, shot.storeId, shot.screen);
    await this.model.replaceOne({ _id }, { _id, ...shot }, { upsert: true });
    return toScreenshot(shot);
  }

  async latest(companyId: number, storeId: number, screen: string): Promise<Screenshot | null> {
    const doc = await this.model
      .findById(idOf(companyId, storeId, screen))
      .lean<Omit<StoredScreenshot, 'image'> & { image: Buffer | mongo.Binary }>();
    if (!doc) return null;
    // lean() gives the driver's Binary for a Buffer field.
    const image = Buffer.isBuffer(doc.image) ? doc.image : Buffer.from(doc.image.buffer);
    return toScreenshot({ ...doc, image });
  }
}
