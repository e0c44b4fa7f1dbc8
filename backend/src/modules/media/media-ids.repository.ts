import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { MediaIdDoc } from './schemas/media-id.schema';

/** The ids of a company's media files (proof of play): one per file name, kept for good. */
@Injectable()
export class MediaIdsRepository {
  constructor(@InjectModel(MediaIdDoc.name) private readonly model: Model<MediaIdDoc>) {}

  /** The id of each file name, giving new ones to names seen for the first time. */
  async idsOf(companyId: number, filenames: readonly string[]): Promise<Map<string, string>> {
    const ids = await this.known(companyId);
    const fresh = [...new Set(filenames)].filter((f) => !ids.has(f));
    if (fresh.length === 0) return ids;
    try {
      await this.model.insertMany(
        fresh.map((filename) => ({
          _id: randomUUID(),
          companyId,
          filename,
          createdAt: new Date(),
        })),
        { ordered: false },
      );
    } catch (error) {
      // Another node named the same file at the same time: its id stands.
      if (!isDuplicateKey(error)) throw error;
    }
    return this.known(companyId);
  }

  private async known(companyId: number): Promise<Map<string, string>> {
    const docs = await this.model
      .find({ companyId }, { _id: 1, filename: 1 })
      .lean<{ _id: string; filename: string }[]>()
      .exec();
    return new Map(docs.map((d) => [d.filename, d._id]));
  }
}
