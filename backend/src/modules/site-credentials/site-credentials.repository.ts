import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { SiteCredentialDoc } from './schemas/site-credential.schema';

export interface StoredSiteCredential {
  userId: string;
  companyId: number;
  storeId: number;
  username: string;
  passwordEncrypted: string;
}

type Key = Pick<StoredSiteCredential, 'userId' | 'companyId' | 'storeId'>;

const toStored = (d: SiteCredentialDoc): StoredSiteCredential => ({
  userId: d.userId,
  companyId: d.companyId,
  storeId: d.storeId,
  username: d.username,
  passwordEncrypted: d.passwordEncrypted,
});

@Injectable()
export class SiteCredentialsRepository implements OnModuleInit {
  constructor(
    @InjectModel(SiteCredentialDoc.name) private readonly model: Model<SiteCredentialDoc>,
  ) {}

  async onModuleInit() {
    await this.model.createIndexes();
  }

  async find(key: Key): Promise<StoredSiteCredential | null> {
    const doc = await this.model.findOne(key).lean().exec();
    return doc ? toStored(doc) : null;
  }

  async listForUser(userId: string): Promise<StoredSiteCredential[]> {
    const docs = await this.model.find({ userId }).sort({ companyId: 1, storeId: 1 }).lean().exec();
    return docs.map(toStored);
  }

  async upsert(value: StoredSiteCredential): Promise<void> {
    const { userId, companyId, storeId, ...rest } = value;
    await this.model
      .updateOne({ userId, companyId, storeId }, { $set: rest }, { upsert: true })
      .exec();
  }

  /** Every stored credential (credentials at rest looks for plain text among them). */
  async listAll(): Promise<StoredSiteCredential[]> {
    const docs = await this.model.find().lean().exec();
    return docs.map(toStored);
  }

  /** Replaces the stored password only while it still is `was` (compare and set); true when changed. */
  async replacePassword(key: Key, was: string, sealed: string): Promise<boolean> {
    const { userId, companyId, storeId } = key;
    const res = await this.model
      .updateOne(
        { userId, companyId, storeId, passwordEncrypted: was },
        { $set: { passwordEncrypted: sealed } },
      )
      .exec();
    return res.modifiedCount === 1;
  }

  async remove(key: Key): Promise<void> {
    await this.model.deleteOne(key).exec();
  }

  async removeForUser(userId: string): Promise<void> {
    await this.model.deleteMany({ userId }).exec();
  }
}
