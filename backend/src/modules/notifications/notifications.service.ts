import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../common/clock/clock';
import type { NotificationRequest } from './notification-request';
import type { NotificationChannel } from './schemas/notification.schema';
import { NotificationsRepository } from './notifications.repository';

/**
 * The channels' entry point (issue 26): enqueue writes one outbox document per (key, recipient)
 * under a unique index, so a request repeated after a crash adds nothing; the sender in the
 * worker does the sending.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly clock: Clock,
  ) {}

  async enqueue(request: NotificationRequest): Promise<void> {
    const now = this.clock.now();
    const recipients: Array<{ channel: NotificationChannel; target: string }> = [
      ...new Set(request.emails.map((e) => e.trim().toLowerCase()).filter(Boolean)),
    ].map((address) => ({ channel: 'email' as const, target: address }));
    recipients.push(
      ...[...new Set(request.webhookIds)].map((id) => ({
        channel: 'webhook' as const,
        target: id,
      })),
    );
    for (const { channel, target } of recipients) {
      await this.repository.addOnce({
        key: request.key,
        recipient: `${channel}:${target}`,
        channel,
        target,
        deliveryId: randomUUID(),
        companyId: request.companyId,
        storeId: request.storeId,
        event: request.event,
        kind: request.kind,
        subject: request.subject,
        text: request.text,
        portalPath: request.portalPath,
        data: JSON.stringify(request.data),
        state: 'pending',
        nextAttemptAt: now,
      });
    }
  }
}
