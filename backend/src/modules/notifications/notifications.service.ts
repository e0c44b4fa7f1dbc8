import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../common/clock/clock';
import type { NotificationRequest } from './notification-request';
import {
  type NewNotification,
  type NotificationRecord,
  NotificationsRepository,
} from './notifications.repository';
import { WebhooksRepository } from './webhooks.repository';

/**
 * The channels' entry point (issue 26): enqueue writes one outbox document per (key, recipient)
 * under a unique index, so a request repeated after a crash adds nothing; the sender
 * (NotificationSender, in the worker) does the sending.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly clock: Clock,
  ) {}

  async enqueue(request: NotificationRequest): Promise<void> {
    await this.enqueueCounted(request);
  }

  /**
   * As enqueue; answers how many sends it added. Webhooks of another company, disabled ones and
   * those not taking this event (a test reaches every enabled one) are left out.
   */
  async enqueueCounted(request: NotificationRequest): Promise<number> {
    const now = this.clock.now();
    const emails = [...new Set(request.emails.map((e) => e.trim().toLowerCase()))].filter(Boolean);
    const webhooks = (await this.webhooks.ofCompany(request.companyId, request.webhookIds)).filter(
      (w) => w.enabled && (request.event === 'test' || w.events.includes(request.event)),
    );
    const recipients = [
      ...emails.map((target) => ({ channel: 'email' as const, target })),
      ...webhooks.map((w) => ({ channel: 'webhook' as const, target: w.id })),
    ];
    let added = 0;
    for (const { channel, target } of recipients) {
      const fresh = await this.repository.addOnce({
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
      if (fresh) added++;
    }
    return added;
  }

  /** The same notification to the same recipient once more, as a new delivery (a replay). */
  async enqueueReplay(original: NotificationRecord, deliveryId: string, now: Date): Promise<void> {
    const replay: NewNotification = {
      key: `replay:${original.deliveryId}:${deliveryId}`,
      recipient: original.recipient,
      channel: original.channel,
      target: original.target,
      deliveryId,
      companyId: original.companyId,
      storeId: original.storeId,
      event: original.event,
      kind: original.kind,
      subject: original.subject,
      text: original.text,
      portalPath: original.portalPath,
      data: original.data,
      replayOf: original.deliveryId,
      state: 'pending',
      nextAttemptAt: now,
    };
    await this.repository.addOnce(replay);
  }
}
