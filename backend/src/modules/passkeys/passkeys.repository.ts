import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, type Model } from 'mongoose';
import { PasskeyDoc } from './schemas/passkey.schema';

/** A stored passkey with its id as text. */
export type PasskeyRecord = Omit<PasskeyDoc, 'publicKey'> & { id: string; publicKey: Uint8Array };

type LeanPasskey = PasskeyDoc & { _id: unknown };

const toRecord = ({ _id, publicKey, ...doc }: LeanPasskey): PasskeyRecord => ({
  ...doc,
  id: String(_id),
  // lean() hands back a BSON Binary (or a Buffer): the verifier wants plain bytes.
  publicKey: new Uint8Array(
    Buffer.isBuffer(publicKey) ? publicKey : (publicKey as unknown as { buffer: Buffer }).buffer,
  ),
  transports: [...(doc.transports ?? [])],
  lastUsedAt: doc.lastUsedAt ?? null,
});

/** The passkeys collection: one document per credential, found by its credential id. */
@Injectable()
export class PasskeysRepository implements OnModuleInit {
  constructor(@InjectModel(PasskeyDoc.name) private readonly model: Model<PasskeyDoc>) {}

  /** The unique credential id index must exist before the first passkey is written. */
  async onModuleInit() {
    await this.model.createIndexes();
  }

  /** Throws a duplicate key error when the credential is registered already (anyone's). */
  async create(passkey: Omit<PasskeyRecord, 'id'>): Promise<PasskeyRecord> {
    const doc = await this.model.create({ ...passkey, publicKey: Buffer.from(passkey.publicKey) });
    return toRecord(doc.toObject<LeanPasskey>());
  }

  /** The user's passkeys, oldest first. */
  async listOf(userId: string): Promise<PasskeyRecord[]> {
    const docs = await this.model.find({ userId }).sort({ createdAt: 1 }).lean<LeanPasskey[]>();
    return docs.map(toRecord);
  }

  countOf(userId: string): Promise<number> {
    return this.model.countDocuments({ userId }).exec();
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRecord | null> {
    const doc = await this.model.findOne({ credentialId }).lean<LeanPasskey>();
    return doc ? toRecord(doc) : null;
  }

  /** Null when the passkey is not the user's (or does not exist). */
  async findOwn(id: string, userId: string): Promise<PasskeyRecord | null> {
    if (!isValidObjectId(id)) return null;
    const doc = await this.model.findOne({ _id: id, userId }).lean<LeanPasskey>();
    return doc ? toRecord(doc) : null;
  }

  /** Null when the passkey is not the user's (or does not exist). */
  async rename(id: string, userId: string, name: string): Promise<PasskeyRecord | null> {
    if (!isValidObjectId(id)) return null;
    const doc = await this.model
      .findOneAndUpdate({ _id: id, userId }, { $set: { name } }, { returnDocument: 'after' })
      .lean<LeanPasskey>();
    return doc ? toRecord(doc) : null;
  }

  /** The removed passkey; null when it is not the user's. */
  async remove(id: string, userId: string): Promise<PasskeyRecord | null> {
    if (!isValidObjectId(id)) return null;
    const doc = await this.model.findOneAndDelete({ _id: id, userId }).lean<LeanPasskey>();
    return doc ? toRecord(doc) : null;
  }

  /** How many were removed. */
  async removeAllOf(userId: string): Promise<number> {
    const result = await this.model.deleteMany({ userId }).exec();
    return result.deletedCount;
  }

  /**
   * A sign-in used the passkey: its counter moves on, only from the value the check saw, so two
   * answers racing with one counter value cannot both count.
   */
  async recordUse(
    id: string,
    use: { seenCounter: number; counter: number; backedUp: boolean; at: Date },
  ): Promise<boolean> {
    const result = await this.model
      .updateOne(
        { _id: id, counter: use.seenCounter },
        { $set: { counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at } },
      )
      .exec();
    return result.matchedCount > 0;
  }
}
