import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { User, UserAccess, UserTypeName } from '@store-cloud/contracts';
import { isValidObjectId, Model } from 'mongoose';
import { UserDoc } from './schemas/user.schema';

export interface NewUser {
  username: string;
  passwordHash: string;
  enabled: boolean;
  usertype: UserTypeName;
  access: UserAccess;
  applications: string[];
}

export type UserChanges = Pick<User, 'usertype' | 'enabled' | 'access' | 'applications'>;

/** What only login may see: the user and their password hash. */
export interface UserCredentials {
  user: User;
  passwordHash: string;
}

type LeanUser = UserDoc & { _id: unknown };

const toUser = (doc: LeanUser): User => ({
  id: String(doc._id),
  username: doc.username,
  enabled: doc.enabled,
  usertype: doc.usertype,
  access: {
    all: doc.access?.all ?? false,
    companies: (doc.access?.companies ?? []).map((c) => ({
      companyId: c.companyId,
      companyName: c.companyName,
      stores: (c.stores ?? []).map((s) => ({
        storeId: s.storeId,
        storeName: s.storeName,
        enabled: s.enabled,
      })),
    })),
  },
  applications: [...(doc.applications ?? [])],
});

@Injectable()
export class UsersRepository implements OnModuleInit {
  constructor(@InjectModel(UserDoc.name) private readonly model: Model<UserDoc>) {}

  /** The unique username index must exist before the first user is written. */
  async onModuleInit() {
    await this.model.createIndexes();
  }

  async findById(id: string): Promise<User | null> {
    return (await this.findCredentialsById(id))?.user ?? null;
  }

  async findByUsername(username: string): Promise<User | null> {
    return (await this.findCredentials(username))?.user ?? null;
  }

  async findCredentials(username: string): Promise<UserCredentials | null> {
    const doc = await this.model
      .findOne({ username: username.trim().toLowerCase() })
      .lean<LeanUser>()
      .exec();
    return doc ? { user: toUser(doc), passwordHash: doc.passwordHash } : null;
  }

  async create(user: NewUser): Promise<User> {
    const doc = await this.model.create({ ...user, username: user.username.trim().toLowerCase() });
    return toUser(doc.toObject() as LeanUser);
  }

  async setEnabled(id: string, enabled: boolean): Promise<boolean> {
    if (!isValidObjectId(id)) return false;
    const result = await this.model.updateOne({ _id: id }, { $set: { enabled } }).exec();
    return result.matchedCount > 0;
  }

  async findCredentialsById(id: string): Promise<UserCredentials | null> {
    // A token's sub that is not an ObjectId names nobody (and must not become a cast error).
    if (!isValidObjectId(id)) return null;
    const doc = await this.model.findById(id).lean<LeanUser>().exec();
    return doc ? { user: toUser(doc), passwordHash: doc.passwordHash } : null;
  }

  /** Users of the given types, by user name. */
  async listByUsertypes(usertypes: readonly UserTypeName[]): Promise<User[]> {
    if (!usertypes.length) return [];
    const docs = await this.model
      .find({ usertype: { $in: usertypes } })
      .sort({ username: 1 })
      .lean<LeanUser[]>()
      .exec();
    return docs.map(toUser);
  }

  /** Replaces what an administrator may change; null when the user does not exist. */
  async update(id: string, changes: UserChanges): Promise<User | null> {
    if (!isValidObjectId(id)) return null;
    const doc = await this.model
      .findByIdAndUpdate(id, { $set: changes }, { returnDocument: 'after' })
      .lean<LeanUser>()
      .exec();
    return doc ? toUser(doc) : null;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<boolean> {
    if (!isValidObjectId(id)) return false;
    const result = await this.model.updateOne({ _id: id }, { $set: { passwordHash } }).exec();
    return result.matchedCount > 0;
  }

  /** The user's token generation (issue 23); null when the user does not exist. */
  async findTokenGeneration(id: string): Promise<number | null> {
    if (!isValidObjectId(id)) return null;
    const doc = await this.model
      .findById(id, { tokenGeneration: 1 })
      .lean<{ tokenGeneration?: number }>()
      .exec();
    return doc ? (doc.tokenGeneration ?? 0) : null;
  }

  /** Raises the user's token generation: every token issued before is refused. */
  async raiseTokenGeneration(id: string): Promise<void> {
    if (!isValidObjectId(id)) return;
    await this.model.updateOne({ _id: id }, { $inc: { tokenGeneration: 1 } }).exec();
  }

  async deleteById(id: string): Promise<boolean> {
    if (!isValidObjectId(id)) return false;
    const result = await this.model.deleteOne({ _id: id }).exec();
    return result.deletedCount > 0;
  }

  countByUsertype(usertype: UserTypeName): Promise<number> {
    return this.model.countDocuments({ usertype }).exec();
  }
}
