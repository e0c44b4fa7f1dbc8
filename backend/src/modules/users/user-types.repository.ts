import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { UserType } from '@store-cloud/contracts';
import { Model } from 'mongoose';
import { UserTypeDoc } from './schemas/user-type.schema';

@Injectable()
export class UserTypesRepository {
  constructor(@InjectModel(UserTypeDoc.name) private readonly model: Model<UserTypeDoc>) {}

  async list(): Promise<UserType[]> {
    const docs = await this.model.find().sort({ typeId: 1 }).lean().exec();
    return docs.map((d) => ({ typeId: d.typeId, name: d.name as UserType['name'] }));
  }

  /** Inserts or corrects each type by name; returns how many were new. */
  async upsertAll(types: readonly UserType[]): Promise<number> {
    let created = 0;
    for (const t of types) {
      const r = await this.model
        .updateOne({ name: t.name }, { $set: { typeId: t.typeId } }, { upsert: true })
        .exec();
      created += r.upsertedCount;
    }
    return created;
  }
}
