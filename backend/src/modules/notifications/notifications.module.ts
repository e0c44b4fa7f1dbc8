import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SiteCredentialsModule } from '../site-credentials';
import { Mailer } from './mailer';
import { NotificationSender } from './notification-sender.service';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { NotificationClaimDoc, NotificationClaimSchema } from './schemas/notification-claim.schema';
import { NotificationDoc, NotificationSchema } from './schemas/notification.schema';
import { WebhookDoc, WebhookSchema } from './schemas/webhook.schema';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * E-mail and webhook notifications (issue 26): the durable outbox (enqueue), its sender (in
 * every process that runs jobs), and the /portal/webhooks routes (served by API nodes only).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: NotificationDoc.name, schema: NotificationSchema },
      { name: NotificationClaimDoc.name, schema: NotificationClaimSchema },
      { name: WebhookDoc.name, schema: WebhookSchema },
    ]),
    SiteCredentialsModule,
  ],
  controllers: [WebhooksController],
  providers: [
    NotificationsRepository,
    NotificationsService,
    WebhooksRepository,
    WebhooksService,
    Mailer,
    NotificationSender,
  ],
  exports: [NotificationsService, WebhooksService],
})
export class NotificationsModule {}
