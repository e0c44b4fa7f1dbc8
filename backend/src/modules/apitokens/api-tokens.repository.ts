import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, type Model } from 'mongoose';
import { ApiTokenDoc } from './schemas/api-token.schema';

/** A token as the services see it: the stored fields with its id. */
export type ApiTokenRecord = ApiTokenDoc & { id: string };

type Lean = ApiTokenDoc & { _id: { toString(): string } };
const toRecord = ({ _id, ...rest }: Lean): ApiTokenRecord => ({ ...rest, id: _id.toString() });

/** The apitokens collection: MongoDB is the truth of which tokens are revoked. */
@Injectable()
export class ApiTokensRepository implements OnModuleInit {
  constructor(@InjectModel(ApiTokenDoc.name) private readonly model: Model<ApiTokenDoc>) {}

  async onModuleInit() {
    await this.model.createIndexes();
  }

  async create(token: ApiTokenDoc): Promise<ApiTokenRecord> {
    const doc = await this.model.create(token);
    return toRecord(doc.toObject() as Lean);
  }

  async findByHash(hash: string): Promise<ApiTokenRecord | null> {
    const doc = await this.model.findOne({ hash }).lean<Lean>().exec();
    return doc ? toRecord(doc) : null;
  }

  async findById(id: string): Promise<ApiTokenRecord | null> {
    if (!isValidObjectId(id)) return null;
    const doc = await this.model.findById(id).lean<Lean>().exec();
    return doc ? toRecord(doc) : null;
  }

  /** Newest first; by creator when given. */
  async list(createdById?: string): Promise<ApiTokenRecord[]> {
    const docs = await this.model
      .find(createdById ? { createdById } : {})
      .sort({ createdAt: -1 })
      .lean<Lean[]>()
      .exec();
    return docs.map(toRecord);
  }

  /** Revokes once: false when it was revoked already. */
  async revoke(id: string, at: Date): Promise<boolean> {
    const result = await this.model.updateOne({ _id: id, revokedAt: null }, { revokedAt: at });
    return result.modifiedCount === 1;
  }

  /** Moves lastUsedAt only when it is older than `staleBefore`: one write a minute at most. */
  async touch(id: string, at: Date, staleBefore: Date): Promise<void> {
    await this.model.updateOne(
      { _id: id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: staleBefore } }] },
      { lastUsedAt: at },
    );
  }
}
