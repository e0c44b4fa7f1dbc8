import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { BulkSelection, OnlineState } from '@store-cloud/contracts';
import { Model, Types } from 'mongoose';
import { BulkSelectionDoc } from './schemas/bulk-action.schema';

type Stored = BulkSelectionDoc & { _id: Types.ObjectId };

const toSelection = (d: Stored): BulkSelection => ({
  id: d._id.toHexString(),
  user: d.user,
  name: d.name,
  companyIds: [...(d.companyIds ?? [])],
  tags: [...(d.tags ?? [])],
  online: d.online,
  createdAt: d.createdAt.toISOString(),
});

/** Saved target selections, each its user's own. */
@Injectable()
export class BulkSelectionsRepository {
  constructor(
    @InjectModel(BulkSelectionDoc.name) private readonly selections: Model<BulkSelectionDoc>,
  ) {}

  async list(user: string): Promise<BulkSelection[]> {
    const docs = await this.selections
      .find({ user })
      .sort({ createdAt: -1 })
      .lean<Stored[]>()
      .exec();
    return docs.map(toSelection);
  }

  async find(user: string, id: string): Promise<BulkSelection | undefined> {
    if (!Types.ObjectId.isValid(id)) return undefined;
    const doc = await this.selections
      .findOne({ _id: new Types.ObjectId(id), user })
      .lean<Stored>()
      .exec();
    return doc ? toSelection(doc) : undefined;
  }

  async create(
    user: string,
    input: { name: string; companyIds: number[]; tags: string[]; online: OnlineState },
  ): Promise<BulkSelection> {
    const doc = await this.selections.create({ user, ...input });
    return (await this.find(user, doc._id.toHexString()))!;
  }

  async remove(user: string, id: string): Promise<boolean> {
    const { deletedCount } = await this.selections
      .deleteOne({ _id: new Types.ObjectId(id), user })
      .exec();
    return deletedCount > 0;
  }
}
