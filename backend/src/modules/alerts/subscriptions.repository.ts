import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AlertSubscriptions } from '@store-cloud/contracts';
import type { Model } from 'mongoose';
import { AlertSubscriptionDoc } from './schemas/alert-subscription.schema';

/** A user's follows and mutes, with the e-mail the follows send to. */
export interface StoredSubscriptions {
  userId: string;
  email: string;
  follows: AlertSubscriptions['follows'];
  mutes: Array<{ companyId: number; storeId?: number; until?: Date }>;
}

const toStored = (d: AlertSubscriptionDoc): StoredSubscriptions => ({
  userId: d._id,
  email: d.email,
  follows: d.follows,
  mutes: d.mutes,
});

/** The alertsubscriptions collection: one document per user. */
@Injectable()
export class AlertSubscriptionsRepository {
  constructor(
    @InjectModel(AlertSubscriptionDoc.name) private readonly model: Model<AlertSubscriptionDoc>,
  ) {}

  async get(userId: string): Promise<StoredSubscriptions | undefined> {
    const row = await this.model.findById(userId).lean<AlertSubscriptionDoc>();
    return row ? toStored(row) : undefined;
  }

  async replace(s: StoredSubscriptions): Promise<void> {
    await this.model.replaceOne(
      { _id: s.userId },
      {
        _id: s.userId,
        email: s.email,
        follows: s.follows,
        mutes: s.mutes,
        followedCompanies: [...new Set(s.follows.map((f) => f.companyId))],
      },
      { upsert: true },
    );
  }

  /** The users following this company (or one of its stores). */
  async followersOf(companyId: number): Promise<StoredSubscriptions[]> {
    const rows = await this.model
      .find({ followedCompanies: companyId })
      .lean<AlertSubscriptionDoc[]>();
    return rows.map(toStored);
  }

  /** Every user who muted something (few; the notifier leaves their address out). */
  async withMutes(): Promise<StoredSubscriptions[]> {
    const rows = await this.model
      .find({ 'mutes.0': { $exists: true } })
      .lean<AlertSubscriptionDoc[]>();
    return rows.map(toStored);
  }
}
