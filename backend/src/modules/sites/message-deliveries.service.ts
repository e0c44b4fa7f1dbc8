import { Injectable } from '@nestjs/common';
import {
  type CreateMessageDelivery,
  DELIVERY_STATE,
  type DeliverySiteOutcome,
  hasCompanyInScope,
  HELD_MESSAGE_FAILED,
  MESSAGE_DELIVERY_LABELS,
  RESENDABLE_STATES,
  siteKey,
  type SentMessage,
  type MessageDeliveryPage,
  OUTBOX_STATE,
  BULK_STORE_STATE,
  messageBulkKind,
  messageBulkSummary,
} from '@store-cloud/contracts';
import { companyScope } from '../../common/auth/access';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { type BulkOutcome, BulkActionsService } from '../bulk-actions';
import { LiveStatusService } from '../live-status';
import { Clock } from '../../common/clock/clock';
import { type DeliveryRecord, MessageDeliveriesRepository } from './message-deliveries.repository';
import { OutboxRepository } from './outbox.repository';
import { SiteError } from './sites.errors';

const notFound = () => SiteError.notFound('No such message delivery');

/**
 * The message delivery log (issue 17 point 2), for Message Manager users, each seeing the sites
 * of its companies. The portal's send loop reports each site's outcome; a held one follows its
 * outbox record, read when the delivery is (so a crash between the two loses nothing).
 */
@Injectable()
export class MessageDeliveriesService {
  constructor(
    private readonly deliveries: MessageDeliveriesRepository,
    private readonly outbox: OutboxRepository,
    private readonly live: LiveStatusService,
    private readonly clock: Clock,
    private readonly bulk: BulkActionsService,
  ) {}

  async create(caller: AuthenticatedUser, body: CreateMessageDelivery): Promise<SentMessage> {
    const created = body.resendOf
      ? await this.createResend(caller, body, body.resendOf)
      : await this.deliveries.create({
          message: body.message,
          user: caller.username,
          sites: body.sites,
        });
    // The bulk actions grid (issue 32 item 4) shows it too, under the same id.
    await this.bulk.recordStarted({
      id: created.id,
      kind: messageBulkKind(created.message),
      summary: messageBulkSummary(created.message),
      user: caller.username,
      payload: JSON.stringify(created.message),
      retryOf: created.resendOf ?? undefined,
      stores: created.sites,
    });
    this.live.deliveriesChanged();
    return this.shown(caller, created);
  }

  /**
   * A send's one resend (issue 24): the same message (its id, so a store that has it does not
   * apply it again), only to its sites that failed or whose outcome is unknown, claimed once so
   * that two clicks or two portals do not both send.
   */
  private async createResend(
    caller: AuthenticatedUser,
    body: CreateMessageDelivery,
    resendOf: string,
  ): Promise<DeliveryRecord> {
    const original = await this.followHeld(await this.visible(caller, resendOf));
    if (body.message.id !== original.message.id)
      throw SiteError.invalid('A resend carries the message of the send it repeats');
    const resendable = new Set(
      original.sites.filter((s) => RESENDABLE_STATES.includes(s.state)).map(siteKey),
    );
    if (body.sites.some((s) => !resendable.has(siteKey(s))))
      throw SiteError.conflict(
        'A resend goes only to sites that failed or whose outcome is unknown',
      );
    const id = this.deliveries.newId();
    if (!(await this.deliveries.claimResend(original.id, id)))
      throw SiteError.conflict(MESSAGE_DELIVERY_LABELS.alreadyResent);
    return this.deliveries.create({
      id,
      message: original.message,
      user: caller.username,
      sites: body.sites,
      resendOf,
    });
  }

  async page(
    caller: AuthenticatedUser,
    { page, pageSize, search }: { page: number; pageSize: number; search?: string },
  ): Promise<MessageDeliveryPage> {
    const found = await this.deliveries.page(companyScope(caller), page, pageSize, search);
    const items = await Promise.all(
      found.items.map(async (d) => this.shown(caller, await this.followHeld(d))),
    );
    return { items, total: found.total, page, pageSize };
  }

  async get(caller: AuthenticatedUser, id: string): Promise<SentMessage> {
    return this.shown(caller, await this.followHeld(await this.visible(caller, id)));
  }

  /** A site's outcome from the sender's send loop; each site is reported once. */
  async report(
    caller: AuthenticatedUser,
    id: string,
    outcome: DeliverySiteOutcome,
  ): Promise<SentMessage> {
    const delivery = await this.visible(caller, id);
    if (delivery.user !== caller.username)
      throw SiteError.forbidden('Only the sender reports the outcomes of a send');
    const site = { companyId: outcome.companyId, storeId: outcome.storeId };
    if (!delivery.sites.some((s) => s.companyId === site.companyId && s.storeId === site.storeId))
      throw SiteError.notFound('The site is not a target of this delivery');
    const at = this.clock.now();
    let updated: boolean;
    if (outcome.state === DELIVERY_STATE.held) {
      const [held] = await this.outbox.findMany([outcome.outboxId]);
      if (held?.company !== site.companyId || held.store !== site.storeId)
        throw SiteError.notFound('No message is held for this site under that id');
      updated = await this.deliveries.updateSite(id, site, DELIVERY_STATE.pending, {
        state: DELIVERY_STATE.held,
        at,
        outboxId: outcome.outboxId,
      });
    } else {
      updated = await this.deliveries.updateSite(id, site, DELIVERY_STATE.pending, {
        state: outcome.state,
        at,
        ...('reason' in outcome ? { reason: outcome.reason } : { result: outcome.result }),
      });
    }
    if (!updated) throw SiteError.conflict('The outcome of this site is already recorded');
    await this.bulk.recordOutcome(id, site, bulkOutcomeOf(outcome));
    this.live.deliveriesChanged();
    return this.get(caller, id);
  }

  /** The delivery if the caller may see it (a Message Manager of one of its companies). */
  private async visible(caller: AuthenticatedUser, id: string): Promise<DeliveryRecord> {
    const delivery = await this.deliveries.find(id);
    if (!delivery || !delivery.companies.some((c) => hasCompanyInScope(caller, c)))
      throw notFound();
    return delivery;
  }

  /** Held sites whose outbox record was delivered or failed since: recorded so. */
  private async followHeld(delivery: DeliveryRecord): Promise<DeliveryRecord> {
    const held = delivery.sites.filter((s) => s.state === DELIVERY_STATE.held && s.outboxId);
    if (!held.length) return delivery;
    const records = new Map(
      (await this.outbox.findMany(held.map((s) => s.outboxId!))).map((r) => [r.id, r]),
    );
    let changed = false;
    for (const site of held) {
      const record = records.get(site.outboxId!);
      if (record?.state !== OUTBOX_STATE.delivered && record?.state !== OUTBOX_STATE.failed)
        continue;
      const delivered = record.state === OUTBOX_STATE.delivered;
      const update = {
        state: delivered ? DELIVERY_STATE.deliveredLater : DELIVERY_STATE.failed,
        at: delivered && record.deliveredAt ? record.deliveredAt : this.clock.now(),
        ...(delivered ? {} : { reason: `${HELD_MESSAGE_FAILED}: ${record.lastError ?? ''}` }),
      };
      changed =
        (await this.deliveries.updateSite(delivery.id, site, DELIVERY_STATE.held, update)) ||
        changed;
    }
    return changed ? ((await this.deliveries.find(delivery.id)) ?? delivery) : delivery;
  }

  /** Only the sites of the caller's companies; no outbox ids. */
  private shown(caller: AuthenticatedUser, delivery: DeliveryRecord): SentMessage {
    return {
      id: delivery.id,
      message: delivery.message,
      user: delivery.user,
      createdAt: delivery.createdAt,
      resendOf: delivery.resendOf,
      resentBy: delivery.resentBy,
      sites: delivery.sites
        .filter((s) => hasCompanyInScope(caller, s.companyId))
        .map(({ outboxId: _outboxId, ...site }) => site),
    };
  }
}

/** A site's reported outcome as the bulk actions grid names it. */
function bulkOutcomeOf(outcome: DeliverySiteOutcome): BulkOutcome {
  switch (outcome.state) {
    case DELIVERY_STATE.sent:
      return { state: BULK_STORE_STATE.acknowledged };
    case DELIVERY_STATE.held:
      return { state: BULK_STORE_STATE.held, heldRef: outcome.outboxId };
    case DELIVERY_STATE.failed:
      return { state: BULK_STORE_STATE.failed, reason: outcome.reason };
    default:
      return { state: BULK_STORE_STATE.unknown, reason: outcome.reason };
  }
}
