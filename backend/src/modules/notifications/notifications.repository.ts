import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { NotificationDoc } from './schemas/notification.schema';

export type NewNotification = Omit<
  NotificationDoc,
  'attempts' | 'log' | 'createdAt' | 'claimedUntil' | 'claimToken' | 'sentAt' | 'lastError'
>;

/** The notifications outbox (MongoDB is its only home). */
@Injectable()
export class NotificationsRepository implements OnModuleInit {
  constructor(@InjectModel(NotificationDoc.name) private readonly model: Model<NotificationDoc>) {}

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
}
