import { Injectable, Logger } from '@nestjs/common';
import {
  type MessageQueueItem,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_STATE,
  SITE_API,
  type SiteReply,
  type SiteRequest,
  storeKey,
} from '@store-cloud/contracts';
import { ConfigService } from '../../config/config.service';
import { BulkActionsService } from '../bulk-actions';
import { LiveStatusService } from '../live-status';
import { Clock } from '../../common/clock/clock';
import { acquireOwnedLock, RedisService } from '../redis';
import { type OutboxMessage, OutboxRepository } from './outbox.repository';
import { SITES_ERROR_CODE, SiteError } from './sites.errors';

const toItem = (m: OutboxMessage): MessageQueueItem => ({
  id: m.id,
  query: new URLSearchParams(m.request.query).toString(),
  datetime: m.createdAt.toISOString(),
  url: `${SITE_API.relayPrefix}${m.request.path}`,
});

const describe = (error: unknown) =>
  SiteError.is(error, SITES_ERROR_CODE.storeTimeout)
    ? 'The store did not answer in time'
    : SiteError.is(error, SITES_ERROR_CODE.storeOffline)
      ? 'The store is not connected'
      : error instanceof Error
        ? error.message
        : String(error);

/** Held by the node sending a store's held messages (its owned lock, renewed while it sends). */
export const deliveryLockKey = (company: number, store: number) =>
  `outbox:delivering:${storeKey(company, store)}`;

/**
 * Messages for an offline store (spec §2 Status "Message Queue"), held in the MongoDB outbox so
 * that neither a Redis flush nor a crash loses them. When the store connects (or a sweep finds
 * it online), its messages are sent one at a time in the order they were held, each claimed
 * first and its outcome recorded (delivered, failed, or held again for the store's next return).
 */
@Injectable()
export class MessageQueueService {
  private readonly logger = new Logger(MessageQueueService.name);
  /** How long a claiming node may take for one message before another may take it again. */
  private readonly claimMs: number;
  /** The stores this node is sending held messages to now. */
  private readonly delivering = new Set<string>();

  constructor(
    config: ConfigService,
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
    private readonly live: LiveStatusService,
    private readonly redis: RedisService,
    private readonly bulk: BulkActionsService,
  ) {
    this.claimMs = config.get('relayTimeoutMs') * 2;
  }

  async hold(company: number, store: number, request: SiteRequest): Promise<MessageQueueItem> {
    return toItem(await this.outbox.add(company, store, request));
  }

  /** The messages still waiting (held, or being delivered), oldest first. */
  async list(): Promise<MessageQueueItem[]> {
    return (await this.outbox.listOpen()).map(toItem);
  }

  async clear(): Promise<void> {
    await this.outbox.removeOpen();
  }

  storesWithHeldMessages() {
    return this.outbox.storesWithOpen();
  }

  /**
   * Sends a store's waiting messages, oldest first. Stops when another node is sending them
   * (its claim still runs) or when one does not reach the store (held again, order kept);
   * answers how many the store acknowledged.
   */
  async deliver(
    company: number,
    store: number,
    send: (request: SiteRequest) => Promise<SiteReply>,
  ): Promise<number> {
    // One delivery per store at a time, on this node (the connect batch and the sweep may both
    // try) and across nodes (the store's node on connect, another's sweep): the claim alone does
    // not keep two apart on FerretDB, whose findOneAndUpdate is not atomic. The running one
    // sends whatever is held meanwhile too. A Redis that forgot the lock leaves the claim.
    const key = storeKey(company, store);
    if (this.delivering.has(key)) return 0;
    this.delivering.add(key);
    try {
      const lock = await acquireOwnedLock(this.redis.client, deliveryLockKey(company, store), {
        ttlMs: this.claimMs,
        logger: this.logger,
      });
      if (!lock) return 0;
      try {
        return await this.deliverInOrder(company, store, send);
      } finally {
        await lock.release().catch(() => undefined);
      }
    } finally {
      this.delivering.delete(key);
    }
  }

  private async deliverInOrder(
    company: number,
    store: number,
    send: (request: SiteRequest) => Promise<SiteReply>,
  ): Promise<number> {
    let delivered = 0;
    let finished = 0;
    for (;;) {
      const next = await this.outbox.oldestOpen(company, store);
      if (!next) break;
      const now = this.clock.now();
      if (next.state === OUTBOX_STATE.delivering && next.claimedUntil! > now) break;
      const claimed = await this.outbox.claim(next, new Date(now.getTime() + this.claimMs));
      if (!claimed) break;
      let reply: SiteReply;
      try {
        reply = await send(claimed.request);
      } catch (error) {
        // The store may have got it and not answered in time; after enough tries give up on it
        // so the ones behind it are not stuck for ever.
        if (
          SiteError.is(error, SITES_ERROR_CODE.storeTimeout) &&
          claimed.attempts >= OUTBOX_MAX_ATTEMPTS
        ) {
          await this.outbox.finish(
            claimed.id,
            { state: OUTBOX_STATE.failed },
            { at: this.clock.now(), error: describe(error) },
          );
          await this.bulk.heldFinished(claimed.id, false, describe(error));
          finished++;
          continue;
        }
        await this.outbox.release(claimed.id, describe(error));
        break;
      }
      // The store answered: a refusal will not change by sending it again.
      const ok = reply.status < 400;
      await this.outbox.finish(
        claimed.id,
        { state: ok ? OUTBOX_STATE.delivered : OUTBOX_STATE.failed },
        {
          at: this.clock.now(),
          replyStatus: reply.status,
          error: ok ? undefined : `The store answered ${reply.status}`,
        },
      );
      await this.bulk.heldFinished(claimed.id, ok, `The store answered ${reply.status}`);
      if (ok) delivered++;
      finished++;
    }
    // The delivery log reads held messages' outcomes from the outbox: tell the portals to look.
    if (finished) this.live.deliveriesChanged();
    if (delivered) this.logger.log(`Delivered ${delivered} held message(s) to ${company}/${store}`);
    return delivered;
  }

  /** Forgets delivered and failed messages older than `before`. */
  removeFinishedBefore(before: Date) {
    return this.outbox.removeFinishedBefore(before);
  }
}
