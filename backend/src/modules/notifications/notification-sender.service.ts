import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS } from '@store-cloud/contracts';
import { Clock } from '../../common/clock/clock';
import { ConfigService } from '../../config/config.service';
import { SiteCredentialsCipher } from '../site-credentials';
import { Mailer } from './mailer';
import { emailParts, portalLink, webhookBody } from './notification-content';
import {
  type AttemptOutcome,
  type NotificationRecord,
  NotificationsRepository,
} from './notifications.repository';
import type { NotificationAttemptDoc } from './schemas/notification.schema';
import { postWebhook } from './webhook-http';
import { webhookSignature } from './webhook-signature';
import { WebhooksRepository } from './webhooks.repository';
import { webhookSecretContext } from './webhooks.service';

const BATCH = 50;
const PARALLEL = 8;
const MAX_BACKOFF_MS = 3_600_000;
const RETRY_FOR_MS = WEBHOOK_LIMITS.retryHours * 3_600_000;
/** Sent and failed notifications (the delivery log) are kept this long. */
const KEEP_MS = 30 * 24 * 3_600_000;
/** Claims outlive every attempt that may still be running (24 h of retries and a lease). */
const KEEP_CLAIMS_MS = 2 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

/** The wait before the next attempt after `attempts` failed ones: doubling, up to an hour. */
export function backoffMs(baseMs: number, attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the outbox (issue 26), in every process that runs jobs (the worker; a lone backend).
 * Each attempt is claimed first (NotificationsRepository.claim), so any number of senders send
 * each attempt once; a sender killed between its send and its mark leaves a lease that runs out
 * (NOTIFICATIONS_LEASE_MS), and the next attempt sends again with the same delivery id and
 * Message-ID, which receivers dedupe on. Failed attempts wait (backoff) and are retried for 24 h.
 */
@Injectable()
export class NotificationSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(NotificationSender.name);
  private timer: NodeJS.Timeout | undefined;
  private prunedAt = 0;
  private running: Promise<void> | undefined;

  constructor(
    private readonly config: ConfigService,
    private readonly clock: Clock,
    private readonly notifications: NotificationsRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly cipher: SiteCredentialsCipher,
    private readonly mailer: Mailer,
  ) {}

  onApplicationBootstrap() {
    if (!this.config.runsJobs) return;
    const { intervalMs } = this.config.get('notifications');
    this.timer = setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
  }

  async onModuleDestroy() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round: sends everything due now (one round at a time in this process). */
  tick(): Promise<void> {
    this.running ??= this.round()
      .catch((error: Error) => this.logger.warn(`Sending notifications failed: ${error.message}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async round(): Promise<void> {
    const at = this.clock.now().getTime();
    if (at - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = at;
      await this.notifications.prune(new Date(at - KEEP_MS), new Date(at - KEEP_CLAIMS_MS));
    }
    for (;;) {
      const now = this.clock.now();
      const due = await this.notifications.due(now, BATCH);
      if (!due.length) return;
      const { leaseMs } = this.config.get('notifications');
      let sent = 0;
      for (let i = 0; i < due.length; i += PARALLEL) {
        await Promise.all(
          due.slice(i, i + PARALLEL).map(async (n) => {
            // The lease runs from the claim, not from the batch's first reading: under load the
            // last of a long batch was claimed with a lease already spent, and a second sender
            // took it too.
            const claimedAt = this.clock.now();
            const claimed = await this.notifications.claim(
              n,
              claimedAt,
              new Date(claimedAt.getTime() + leaseMs),
            );
            if (!claimed) return;
            sent++;
            await this.attempt(claimed);
          }),
        );
      }
      if (!sent || !this.timer) return;
    }
  }

  private async attempt(n: NotificationRecord): Promise<void> {
    const at = this.clock.now();
    const link = portalLink(this.config.get('notifications').portalUrl, n.portalPath);
    const { entry, outcome } =
      n.channel === 'email' ? await this.email(n, link, at) : await this.webhook(n, link, at);
    await this.notifications.finish(n, entry, outcome);
  }

  private async email(n: NotificationRecord, link: string, at: Date) {
    const { text, html } = emailParts(n, link);
    const answer = await this.mailer.send({
      to: n.target,
      subject: n.subject,
      text,
      html,
      messageId: `<${n.deliveryId}@store-cloud>`,
    });
    const entry: NotificationAttemptDoc = {
      at,
      durationMs: this.since(at),
      ...(answer.ok ? { status: 250 } : { error: answer.error }),
      ...(answer.code ? { status: answer.code } : {}),
      ...(answer.response
        ? { response: answer.response.slice(0, WEBHOOK_LIMITS.answerBytes) }
        : {}),
    };
    if (answer.ok) return { entry, outcome: { state: 'sent' } as AttemptOutcome };
    // Without SMTP, or refused for good (5xx), waiting changes nothing.
    const permanent = !this.mailer.configured || (answer.code ?? 0) >= 500;
    return { entry, outcome: this.retryOrFail(n, answer.error ?? 'Not sent', permanent) };
  }

  private async webhook(n: NotificationRecord, link: string, at: Date) {
    const webhook = await this.webhooks.get(n.target);
    const refused = !webhook
      ? 'The webhook was deleted'
      : !webhook.enabled
        ? 'The webhook is disabled'
        : undefined;
    if (!webhook || refused) {
      const error = refused ?? 'The webhook was deleted';
      return { entry: { at, durationMs: 0, error }, outcome: { state: 'failed', error } as const };
    }
    const secret = this.cipher.decrypt(webhook.secretSealed, webhookSecretContext(webhook.id));
    const body = webhookBody(webhook.format, n, link);
    const unix = Math.floor(at.getTime() / 1000);
    const answer = await postWebhook(
      webhook.url,
      body,
      {
        [WEBHOOK_HEADERS.signature]: webhookSignature(secret, unix, body),
        [WEBHOOK_HEADERS.delivery]: n.deliveryId,
        [WEBHOOK_HEADERS.event]: n.event,
      },
      {
        allowPrivate: this.config.get('notifications').webhookAllowPrivate,
        now: () => Date.now(),
      },
    );
    const entry: NotificationAttemptDoc = {
      at,
      durationMs: answer.durationMs,
      ...(answer.status !== undefined ? { status: answer.status } : {}),
      ...(answer.error !== undefined ? { error: answer.error } : {}),
      ...(answer.answer !== undefined ? { response: answer.answer } : {}),
    };
    const ok = answer.status !== undefined && answer.status >= 200 && answer.status < 300;
    if (ok) return { entry, outcome: { state: 'sent' } as AttemptOutcome };
    const error = answer.error ?? `The receiver answered ${answer.status}`;
    return { entry, outcome: this.retryOrFail(n, error, false) };
  }

  /** Again after the backoff, unless that would pass 24 h since it was queued. */
  private retryOrFail(n: NotificationRecord, error: string, permanent: boolean): AttemptOutcome {
    const now = this.clock.now().getTime();
    const next = now + backoffMs(this.config.get('notifications').retryBaseMs, n.attempts);
    if (permanent || next - new Date(n.createdAt).getTime() > RETRY_FOR_MS) {
      return { state: 'failed', error };
    }
    return { state: 'pending', nextAttemptAt: new Date(next), error };
  }

  private since(at: Date): number {
    return Math.max(0, this.clock.now().getTime() - at.getTime());
  }
}
