import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { SessionDoc } from './schemas/session.schema';

/** A session as the services see it (the record without _id). */
export type SessionRecord = Pick<
  SessionDoc,
  'sid' | 'userId' | 'gen' | 'createdAt' | 'lastSeenAt' | 'expiresAt' | 'address' | 'userAgent'
> & { endedAt: Date | null };

const FIELDS = {
  _id: 0,
  sid: 1,
  userId: 1,
  gen: 1,
  createdAt: 1,
  lastSeenAt: 1,
  expiresAt: 1,
  address: 1,
  userAgent: 1,
  endedAt: 1,
} as const;

/** The sessions collection: MongoDB holds the truth of which sessions have ended. */
@Injectable()
export class SessionsRepository implements OnModuleInit {
  constructor(@InjectModel(SessionDoc.name) private readonly model: Model<SessionDoc>) {}

  async onModuleInit() {
    await this.model.createIndexes();
  }

  async create(session: SessionRecord): Promise<void> {
    await this.model.create(session);
  }

  findBySid(sid: string): Promise<SessionRecord | null> {
    return this.model.findOne({ sid }, FIELDS).lean<SessionRecord>().exec();
  }

  /** The user's sessions not ended and not expired, newest first. */
  listActive(userId: string, now: Date): Promise<SessionRecord[]> {
    return this.model
      .find({ userId, endedAt: null, expiresAt: { $gt: now } }, FIELDS)
      .sort({ createdAt: -1 })
      .lean<SessionRecord[]>()
      .exec();
  }

  /** Ends the user's session; false when it is not the user's or already ended. */
  async endOne(sid: string, userId: string, at: Date): Promise<boolean> {
    const result = await this.model
      .updateOne({ sid, userId, endedAt: null }, { $set: { endedAt: at } })
      .exec();
    return result.modifiedCount > 0;
  }

  /**
   * Deletes the user's sessions that ended or expired: a token naming a missing session is
   * refused like an ended one, so the collection holds only what may still count.
   */
  async pruneOf(userId: string, now: Date): Promise<void> {
    await this.model
      .deleteMany({ userId, $or: [{ endedAt: { $ne: null } }, { expiresAt: { $lte: now } }] })
      .exec();
  }

  async endAllOf(userId: string, at: Date): Promise<void> {
    await this.model.updateMany({ userId, endedAt: null }, { $set: { endedAt: at } }).exec();
  }

  /** Moves lastSeenAt, unless another call (or node) already did since `unlessAfter`. */
  async touch(sid: string, at: Date, unlessAfter: Date): Promise<void> {
    await this.model
      .updateOne(
        { sid, endedAt: null, lastSeenAt: { $lt: unlessAfter } },
        { $set: { lastSeenAt: at } },
      )
      .exec();
  }
}
