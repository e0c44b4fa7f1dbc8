import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Application } from '@store-cloud/contracts';
import { Model } from 'mongoose';
import { AppDoc } from './schemas/app.schema';

@Injectable()
export class AppsRepository {
  constructor(@InjectModel(AppDoc.name) private readonly model: Model<AppDoc>) {}

  async list(): Promise<Application[]> {
    const docs = await this.model.find().sort({ name: 1 }).lean().exec();
    return docs.map((d) => ({ name: d.name, systemApp: d.systemApp, siteApp: d.siteApp }));
  }

  /** Adds the apps that are missing by name and leaves existing ones as an operator set them. */
  async insertMissing(apps: readonly Application[]): Promise<number> {
    let created = 0;
    for (const a of apps) {
      const r = await this.model
        .updateOne(
          { name: a.name },
          { $setOnInsert: { systemApp: a.systemApp, siteApp: a.siteApp } },
          { upsert: true },
        )
        .exec();
      created += r.upsertedCount;
    }
    return created;
  }
}
