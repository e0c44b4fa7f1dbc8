import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { BackupSummary } from '@store-cloud/contracts';
import { isValidObjectId, type Model } from 'mongoose';
import { BackupDoc } from './schemas/backup.schema';

type LeanBackup = BackupDoc & { _id: unknown };

const toSummary = (d: Omit<LeanBackup, 'data'>): BackupSummary => ({
  _id: String(d._id),
  name: d.name,
  url: d.url,
  time: d.time.toISOString(),
});

export interface StoredBackup extends BackupSummary {
  /** gzipped Extended JSON of the backup data. */
  data: Buffer;
}

@Injectable()
export class BackupsRepository {
  constructor(@InjectModel(BackupDoc.name) private readonly model: Model<BackupDoc>) {}

  /** Newest first, without the data. */
  async list(): Promise<BackupSummary[]> {
    const docs = await this.model
      .find({}, { data: 0 })
      .sort({ time: -1 })
      .lean<Omit<LeanBackup, 'data'>[]>()
      .exec();
    return docs.map(toSummary);
  }

  async get(id: string): Promise<StoredBackup | null> {
    if (!isValidObjectId(id)) return null;
    const doc = await this.model.findById(id).lean<LeanBackup>().exec();
    if (!doc) return null;
    // lean() hands binary data back as a BSON Binary, not a Buffer.
    const raw = doc.data as unknown as Buffer | { buffer: Uint8Array };
    const data = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer);
    return { ...toSummary(doc), data };
  }

  /** The id of the backup the job `jobId` stored, if it stored one. */
  async idForJob(jobId: string): Promise<string | null> {
    const doc = await this.model.findOne({ jobId }, { _id: 1 }).lean<{ _id: unknown }>().exec();
    return doc ? String(doc._id) : null;
  }

  async create(b: {
    name: string;
    url: string;
    time: Date;
    data: Buffer;
    jobId?: string;
  }): Promise<BackupSummary> {
    const doc = await this.model.create({ ...b, size: b.data.length });
    return toSummary(doc.toObject() as LeanBackup);
  }

  async delete(id: string): Promise<boolean> {
    if (!isValidObjectId(id)) return false;
    const res = await this.model.deleteOne({ _id: id }).exec();
    return res.deletedCount > 0;
  }
}
