import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { NotificationClaimDoc } from './schemas/notification-claim.schema';
import {
  type NotificationAttemptDoc,
  NotificationDoc,
  type NotificationState,
} from './schemas/notification.schema';

export type NewNotification = Omit<
  NotificationDoc,
  'attempts' | 'log' | 'createdAt' | 'claimedUntil' | 'claimToken' | 'sentAt' | 'lastError'
>;

/** A notification as the sender and the delivery log see it. */
export type NotificationRecord = NotificationDoc & { id: string };

type Row = NotificationDoc & { _id: Types.ObjectId };
const toRecord = ({ _id, ...rest }: Row): NotificationRecord => ({ ...rest, id: String(_id) });

/** How a claimed attempt ended. */
export type AttemptOutcome =
  | { state: 'sent' }
  | { state: 'failed'; error: string }
  | { state: 'pending'; nextAttemptAt: Date; error: string };

/**
 * The notifications outbox (MongoDB is its only home). An attempt is claimed by inserting its
 * claim under a unique id, then recorded on the notification with a lease (claimedUntil): a
 * sender that died mid-attempt leaves a lease that runs out, and the next attempt is claimed
 * afresh. Nothing here depends on Redis.
 */
@Injectable()
export class NotificationsRepository implements OnModuleInit {
  constructor(
    @InjectModel(NotificationDoc.name) private readonly model: Model<NotificationDoc>,
    @InjectModel(NotificationClaimDoc.name) private readonly claims: Model<NotificationClaimDoc>,
  ) {}

  async onModuleInit() {
    await this.model.createIndexes();
  }

  /** Adds the notification unless one of its (key, recipient) exists; true when added. */
  async addOnce(notification: NewNotification): Promise<boolean> {
    try {
      await this.model.create({ ...notification, attempts: 0, log: [] });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Due now: waiting ones whose time came, and attempts whose sender's lease ran out. */
  async due(now: Date, limit: number): Promise<NotificationRecord[]> {
    const [waiting, abandoned] = await Promise.all([
      this.model
        .find({ state: 'pending', nextAttemptAt: { $lte: now } })
        .sort({ nextAttemptAt: 1 })
        .limit(limit)
        .lean<Row[]>()
        .exec(),
      this.model
        .find({ state: 'sending', claimedUntil: { $lte: now } })
        .limit(limit)
        .lean<Row[]>()
        .exec(),
    ]);
    return [...abandoned, ...waiting].map(toRecord);
  }

  /**
   * Takes the next attempt of the notification as read; undefined when another sender took it.
   * The unique claim decides; the update then records the lease for the others to see.
   */
  async claim(
    notification: NotificationRecord,
    now: Date,
    leaseUntil: Date,
  ): Promise<NotificationRecord | undefined> {
    const attempt = notification.attempts + 1;
    try {
      await this.claims.create({ _id: `${notification.id}:${attempt}`, at: now });
    } catch (error) {
      if (isDuplicateKey(error)) return undefined;
      throw error;
    }
    const result = await this.model
      .updateOne(
        { _id: notification.id, attempts: notification.attempts, state: notification.state },
        { $set: { state: 'sending', attempts: attempt, claimedUntil: leaseUntil } },
      )
      .exec();
    if (result.modifiedCount === 0) return undefined;
    return { ...notification, state: 'sending', attempts: attempt, claimedUntil: leaseUntil };
  }

  /** Records how the claimed attempt ended (nothing if a later attempt took over meanwhile). */
  async finish(
    notification: NotificationRecord,
    entry: NotificationAttemptDoc,
    outcome: AttemptOutcome,
  ): Promise<void> {
    const state: NotificationState = outcome.state;
    await this.model
      .updateOne(
        { _id: notification.id, attempts: notification.attempts, state: 'sending' },
        {
          $set: {
            state,
            ...(outcome.state === 'sent' ? { sentAt: entry.at } : { lastError: outcome.error }),
            ...(outcome.state === 'pending' ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
          },
          $unset: { claimedUntil: 1 },
          $push: { log: entry },
        },
      )
      .exec();
  }

  /**
   * Forgets sent and failed notifications queued before `before`, and claims taken before
   * `claimsBefore` (a claim matters only while its attempt may still be running).
   */
  async prune(before: Date, claimsBefore: Date): Promise<void> {
    await this.model
      .deleteMany({ state: { $in: ['sent', 'failed'] }, createdAt: { $lt: before } })
      .exec();
    await this.claims.deleteMany({ at: { $lt: claimsBefore } }).exec();
  }

  async get(id: string): Promise<NotificationRecord | undefined> {
    const row = await this.model.findById(id).lean<Row>().exec();
    return row ? toRecord(row) : undefined;
  }

  /** The deliveries of a webhook, newest first. */
  async ofWebhook(webhookId: string, limit: number): Promise<NotificationRecord[]> {
    const rows = await this.model
      .find({ channel: 'webhook', target: webhookId })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<Row[]>()
      .exec();
    return rows.map(toRecord);
  }

  async deliveryOf(webhookId: string, deliveryId: string): Promise<NotificationRecord | undefined> {
    const row = await this.model
      .findOne({ channel: 'webhook', target: webhookId, deliveryId })
      .lean<Row>()
      .exec();
    return row ? toRecord(row) : undefined;
  }

  async byDeliveryId(deliveryId: string): Promise<NotificationRecord | undefined> {
    const row = await this.model.findOne({ deliveryId }).lean<Row>().exec();
    return row ? toRecord(row) : undefined;
  }
}
