import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { SsoIdentityDoc } from './schemas/sso-identity.schema';

export type SsoIdentity = Pick<SsoIdentityDoc, 'issuer' | 'subject' | 'userId' | 'mapped'>;

const FIELDS = { _id: 0, issuer: 1, subject: 1, userId: 1, mapped: 1 } as const;

@Injectable()
export class SsoIdentitiesRepository implements OnModuleInit {
  constructor(@InjectModel(SsoIdentityDoc.name) private readonly model: Model<SsoIdentityDoc>) {}

  async onModuleInit() {
    await this.model.createIndexes();
  }

  find(issuer: string, subject: string): Promise<SsoIdentity | null> {
    return this.model.findOne({ issuer, subject }, FIELDS).lean<SsoIdentity>().exec();
  }

  /** Whether the user signs in through a provider (it has a link). */
  async isLinked(userId: string): Promise<boolean> {
    return (await this.model.countDocuments({ userId }).limit(1).exec()) > 0;
  }

  /** Links the account to the user, replacing a link to a user that was deleted. */
  async link(identity: SsoIdentity): Promise<void> {
    await this.model
      .updateOne(
        { issuer: identity.issuer, subject: identity.subject },
        { $set: { userId: identity.userId, mapped: identity.mapped } },
        { upsert: true },
      )
      .exec();
  }

  async setMapped(issuer: string, subject: string, mapped: boolean): Promise<void> {
    await this.model.updateOne({ issuer, subject }, { $set: { mapped } }).exec();
  }
}
