import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { NotificationDoc, NotificationSchema } from './schemas/notification.schema';

/** E-mail and webhook notifications (issue 26): the durable outbox and its sender. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: NotificationDoc.name, schema: NotificationSchema }]),
  ],
  providers: [NotificationsRepository, NotificationsService],
  exports: [NotificationsService],
})
export class NotificationsModule {}
