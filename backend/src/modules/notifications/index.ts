export type { NotificationEvent, NotificationRequest } from './notification-request';
export { NotificationsModule } from './notifications.module';
export { NotificationsService } from './notifications.service';
export { WebhooksService } from './webhooks.service';
