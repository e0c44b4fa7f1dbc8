import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { Presence } from './evaluation/store-presence';
import { WatchedStoreDoc } from './schemas/watched-store.schema';

/** The alertstores collection: each watched store's presence, written when it changes. */
@Injectable()
export class WatchedStoresRepository {
  constructor(@InjectModel(WatchedStoreDoc.name) private readonly model: Model<WatchedStoreDoc>) {}

  async all(): Promise<Presence[]> {
    const rows = await this.model.find().lean<WatchedStoreDoc[]>();
    return rows.map((d) => ({
      companyId: d.companyId,
      storeId: d.storeId,
      online: d.online,
      since: new Date(d.since).getTime(),
      lastSeenAt: d.lastSeenAt ? new Date(d.lastSeenAt).getTime() : null,
      transitions: (d.transitions ?? []).map((t) => new Date(t).getTime()),
    }));
  }

  async write(changed: readonly Presence[]): Promise<void> {
    if (!changed.length) return;
    await this.model.bulkWrite(
      changed.map((p) => ({
        replaceOne: {
          filter: { _id: `${p.companyId}:${p.storeId}` },
          replacement: {
            _id: `${p.companyId}:${p.storeId}`,
            companyId: p.companyId,
            storeId: p.storeId,
            online: p.online,
            since: new Date(p.since),
            lastSeenAt: p.lastSeenAt === null ? null : new Date(p.lastSeenAt),
            transitions: p.transitions.map((t) => new Date(t)),
          },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }
}
