import { Injectable } from '@nestjs/common';
import {
  AUDIT_ACTION,
  type AlertTestResult,
  type Success,
  type Webhook,
  WEBHOOK_ERROR,
  WEBHOOK_LIMITS,
  WEBHOOK_NOTICE,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookValues,
} from '@store-cloud/contracts';
import { randomUUID } from 'node:crypto';
import { companyScope, requireCompanyAccess } from '../../common/auth/access';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Clock } from '../../common/clock/clock';
import { ConfigService } from '../../config/config.service';
import { AuditService } from '../audit';
import { SiteCredentialsCipher } from '../site-credentials';
import { NotificationsRepository, type NotificationRecord } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { isRefusedWebhookHost } from './webhook-http';
import { newWebhookSecret } from './webhook-signature';
import { type StoredWebhook, toWebhook, WebhooksRepository } from './webhooks.repository';
import { WebhookError } from './webhooks.errors';

/** The secret is sealed to its webhook: a sealed value copied to another record does not open. */
export const webhookSecretContext = (id: string) => `webhook:${id}`;

const iso = (d: Date | undefined) => (d ? new Date(d).toISOString() : null);

function toDelivery(n: NotificationRecord): WebhookDelivery {
  return {
    id: n.deliveryId,
    webhookId: n.target,
    event: n.event as WebhookEvent,
    kind: n.kind,
    subject: n.subject,
    state: n.state,
    createdAt: new Date(n.createdAt).toISOString(),
    nextAttemptAt: n.state === 'pending' ? iso(n.nextAttemptAt) : null,
    sentAt: iso(n.sentAt),
    replayOf: n.replayOf ?? null,
    attempts: n.log.map((a) => ({
      at: new Date(a.at).toISOString(),
      status: a.status ?? null,
      error: a.error ?? null,
      durationMs: a.durationMs,
      answer: a.response ?? null,
    })),
  };
}

/**
 * Webhooks CRUD, their test and delivery log (issue 26): the admin types, within their
 * companies; each change audited, never the secret.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly notifications: NotificationsRepository,
    private readonly outbox: NotificationsService,
    private readonly cipher: SiteCredentialsCipher,
    private readonly audit: AuditService,
    private readonly config: ConfigService,
    private readonly clock: Clock,
  ) {}

  async list(user: AuthenticatedUser, companyId?: number): Promise<Webhook[]> {
    const scope = companyScope(user);
    const companies =
      companyId === undefined ? scope : scope && !scope.includes(companyId) ? [] : [companyId];
    return (await this.webhooks.list(companies)).map(toWebhook);
  }

  /** The ids among these that name no webhook of the company (for a rule's recipients). */
  async unknownIds(companyId: number, ids: readonly string[]): Promise<string[]> {
    const known = new Set((await this.webhooks.ofCompany(companyId, ids)).map((w) => w.id));
    return ids.filter((id) => !known.has(id));
  }

  async create(user: AuthenticatedUser, values: WebhookValues): Promise<WebhookCreated> {
    this.checkUrl(values.url);
    const id = this.webhooks.newId();
    const secret = newWebhookSecret();
    const sealed = this.cipher.encrypt(secret, webhookSecretContext(id));
    const webhook = toWebhook(await this.webhooks.create(id, values, sealed));
    await this.audit.record(user, {
      action: AUDIT_ACTION.webhookCreate,
      targetType: 'webhook',
      target: id,
      companies: [webhook.companyId],
      after: values,
    });
    return { ...webhook, secret };
  }

  async update(user: AuthenticatedUser, id: string, values: WebhookValues): Promise<Webhook> {
    const before = await this.owned(user, id);
    this.checkUrl(values.url);
    const updated = await this.webhooks.update(id, values);
    if (!updated) throw WebhookError.notFound(WEBHOOK_ERROR.notFound);
    const webhook = toWebhook(updated);
    await this.audit.record(user, {
      action: AUDIT_ACTION.webhookUpdate,
      targetType: 'webhook',
      target: id,
      companies: [...new Set([before.companyId, webhook.companyId])],
      before: fieldsOf(before),
      after: fieldsOf(webhook),
    });
    return webhook;
  }

  async remove(user: AuthenticatedUser, id: string): Promise<Success> {
    const before = await this.owned(user, id);
    if (!(await this.webhooks.remove(id))) throw WebhookError.notFound(WEBHOOK_ERROR.notFound);
    await this.audit.record(user, {
      action: AUDIT_ACTION.webhookDelete,
      targetType: 'webhook',
      target: id,
      companies: [before.companyId],
      before: fieldsOf(before),
    });
    return { success: true };
  }

  /** A test notification to this webhook now (each press its own). */
  async test(user: AuthenticatedUser, id: string): Promise<AlertTestResult> {
    const webhook = await this.owned(user, id);
    const at = this.clock.now().toISOString();
    const queued = await this.outbox.enqueueCounted({
      key: `test:webhook:${id}:${at}`,
      companyId: webhook.companyId,
      event: 'test',
      kind: 'test',
      subject: WEBHOOK_NOTICE.testSubject(webhook.name),
      text: WEBHOOK_NOTICE.testText(webhook.name),
      portalPath: '/webhooks',
      data: { webhookId: id, at },
      emails: [],
      webhookIds: [id],
    });
    await this.audit.record(user, {
      action: AUDIT_ACTION.webhookTest,
      targetType: 'webhook',
      target: id,
      companies: [webhook.companyId],
      details: { queued },
    });
    return { queued };
  }

  async deliveries(user: AuthenticatedUser, id: string): Promise<WebhookDelivery[]> {
    await this.owned(user, id);
    const rows = await this.notifications.ofWebhook(id, WEBHOOK_LIMITS.deliveriesListed);
    return rows.map(toDelivery);
  }

  /** Sends a delivery again, as a new delivery (its own id) that names the one it repeats. */
  async replay(user: AuthenticatedUser, id: string, deliveryId: string): Promise<WebhookDelivery> {
    const webhook = await this.owned(user, id);
    const original = await this.notifications.deliveryOf(id, deliveryId);
    if (!original) throw WebhookError.notFound(WEBHOOK_ERROR.deliveryNotFound);
    const replayId = randomUUID();
    await this.outbox.enqueueReplay(original, replayId, this.clock.now());
    const replay = await this.notifications.byDeliveryId(replayId);
    if (!replay) throw WebhookError.notFound(WEBHOOK_ERROR.deliveryNotFound);
    await this.audit.record(user, {
      action: AUDIT_ACTION.webhookReplay,
      targetType: 'webhook',
      target: id,
      companies: [webhook.companyId],
      details: { deliveryId, replayId },
    });
    return toDelivery(replay);
  }

  private checkUrl(url: string) {
    if (isRefusedWebhookHost(url, this.config.get('notifications').webhookAllowPrivate)) {
      throw WebhookError.invalid(WEBHOOK_ERROR.blockedAddress, [
        { path: 'url', message: WEBHOOK_ERROR.blockedAddress },
      ]);
    }
  }

  /** The webhook, refused (403) when its company lies outside the caller's scope. */
  private async owned(user: AuthenticatedUser, id: string): Promise<StoredWebhook> {
    const webhook = await this.webhooks.get(id);
    if (!webhook) throw WebhookError.notFound(WEBHOOK_ERROR.notFound);
    requireCompanyAccess(user, [webhook.companyId]);
    return webhook;
  }
}

/** What the audit trail compares: the settings, never the secret or the times. */
function fieldsOf(w: Webhook) {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    ...fields
  } = toWebhook({ ...w, secretSealed: '' });
  return fields;
}
