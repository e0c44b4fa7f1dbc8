import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { BackupServer } from '@store-cloud/contracts';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { BackupServerDoc } from './schemas/backup-server.schema';

const nameKey = (name: string) => name.trim().toLowerCase();
const toServer = (d: BackupServerDoc): BackupServer => ({ name: d.name, url: d.url });

@Injectable()
export class BackupServersRepository implements OnModuleInit {
  constructor(@InjectModel(BackupServerDoc.name) private readonly model: Model<BackupServerDoc>) {}

  async onModuleInit() {
    await this.model.createIndexes();
  }

  async list(): Promise<BackupServer[]> {
    const docs = await this.model.find().sort({ nameKey: 1 }).lean<BackupServerDoc[]>().exec();
    return docs.map(toServer);
  }

  async findByName(name: string): Promise<BackupServer | null> {
    const doc = await this.model
      .findOne({ nameKey: nameKey(name) })
      .lean<BackupServerDoc>()
      .exec();
    return doc ? toServer(doc) : null;
  }

  /** False when the name is taken (the unique index decides, so two racing adds can't both win). */
  async create(server: BackupServer): Promise<boolean> {
    try {
      await this.model.create({ ...server, nameKey: nameKey(server.name) });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** 'missing' when no server has originalName; 'taken' when the new name is another's. */
  async update(originalName: string, server: BackupServer): Promise<'ok' | 'missing' | 'taken'> {
    const holder = await this.model
      .findOne({ nameKey: nameKey(server.name) }, { nameKey: 1 })
      .lean<{ nameKey: string }>()
      .exec();
    if (holder && holder.nameKey !== nameKey(originalName)) return 'taken';
    try {
      const res = await this.model
        .updateOne(
          { nameKey: nameKey(originalName) },
          { $set: { name: server.name, url: server.url, nameKey: nameKey(server.name) } },
        )
        .exec();
      return res.matchedCount ? 'ok' : 'missing';
    } catch (error) {
      if (isDuplicateKey(error)) return 'taken';
      throw error;
    }
  }

  async delete(name: string): Promise<boolean> {
    const res = await this.model.deleteOne({ nameKey: nameKey(name) }).exec();
    return res.deletedCount > 0;
  }
}
