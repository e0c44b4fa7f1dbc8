import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  AUDIT_ACTION,
  BULK_ACTION_KIND,
  BULK_ACTIONS_TEXT,
  BULK_STORE_STATE,
  DEFAULT_LOG_LEVEL,
  MESSAGING_API,
  messageDelivery,
  messengerQuery,
  type ResolvedStore,
  type SiteMessage,
  siteMessageSchema,
  type SiteRequest,
  storePathOf,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { AuditService } from '../audit';
import { type BulkActionRunner, type BulkOutcome, BulkActionsService } from '../bulk-actions';
import { TentaclesService } from '../tentacles';
import { MessageQueueService } from './message-queue.service';
import { SiteError, SITES_ERROR_CODE } from './sites.errors';
import { StoreLinkGateway } from './store-link.gateway';

/** How many stores a bulk send talks to at once. */
const PARALLEL_STORES = 8;

/** The messenger call that carries a message to a store (as the portal's send view makes it). */
export function messengerRequest(
  message: SiteMessage,
  store: { companyId: number; storeId: number },
  user: string,
): SiteRequest {
  const { companyId, storeId } = store;
  switch (messageDelivery(message)) {
    case 'logLevel':
      return {
        method: 'POST',
        path: storePathOf(MESSAGING_API.logLevel(message.payload.logLevel ?? DEFAULT_LOG_LEVEL)),
        query: messengerQuery(companyId, storeId, message.payload.logLevelTimePeriod),
        user,
      };
    case 'messageHistory':
      return {
        method: 'GET',
        path: storePathOf(MESSAGING_API.messageHistory),
        query: messengerQuery(companyId, storeId),
        user,
      };
    case 'broadcastMessage':
      return {
        method: 'POST',
        path: storePathOf(MESSAGING_API.broadcastMessage),
        query: messengerQuery(companyId, storeId),
        body: message,
        user,
      };
  }
}

/**
 * Sends messages and log level changes of bulk actions from the backend (issue 32 item 4: a
 * saved selection's send, "Retry failed only"): a store not online is failed (as the message
 * screen's send loop has it); one that drops out as it is called gets the call held in its
 * outbox; a store that does not answer in time is unknown (it may have applied it).
 */
@Injectable()
export class BulkMessageRunner implements BulkActionRunner, OnModuleInit {
  constructor(
    private readonly bulk: BulkActionsService,
    private readonly tentacles: TentaclesService,
    private readonly link: StoreLinkGateway,
    private readonly queue: MessageQueueService,
    private readonly audit: AuditService,
  ) {}

  onModuleInit() {
    this.bulk.registerRunner([BULK_ACTION_KIND.message, BULK_ACTION_KIND.logLevel], this);
  }

  async run(
    caller: AuthenticatedUser,
    payload: string,
    stores: readonly ResolvedStore[],
    report: (store: ResolvedStore, outcome: BulkOutcome) => Promise<void>,
  ): Promise<void> {
    const message = siteMessageSchema.parse(JSON.parse(payload));
    const pending = [...stores];
    const worker = async () => {
      for (let store = pending.shift(); store; store = pending.shift())
        await report(store, await this.sendTo(caller, message, store));
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_STORES, stores.length) }, worker));
  }

  private async sendTo(
    caller: AuthenticatedUser,
    message: SiteMessage,
    store: ResolvedStore,
  ): Promise<BulkOutcome> {
    const { companyId, storeId } = store;
    const request = messengerRequest(message, store, caller.username);
    if (!(await this.tentacles.isOnline(companyId, storeId)))
      return { state: BULK_STORE_STATE.failed, reason: BULK_ACTIONS_TEXT.offline };
    try {
      const reply = await this.link.request(companyId, storeId, request);
      const ok = reply.status < 400;
      this.record(caller, store, request, ok ? 'sent' : 'refused');
      return ok
        ? { state: BULK_STORE_STATE.acknowledged }
        : { state: BULK_STORE_STATE.failed, reason: refusal(reply.status, reply.body) };
    } catch (error) {
      if (SiteError.is(error, SITES_ERROR_CODE.storeOffline) && request.method !== 'GET') {
        const item = await this.queue.hold(companyId, storeId, request);
        this.record(caller, store, request, 'held');
        return { state: BULK_STORE_STATE.held, heldRef: item.id };
      }
      if (SiteError.is(error, SITES_ERROR_CODE.storeTimeout)) {
        this.record(caller, store, request, 'unknown');
        return { state: BULK_STORE_STATE.unknown, reason: (error as Error).message };
      }
      return { state: BULK_STORE_STATE.failed, reason: (error as Error).message.slice(0, 500) };
    }
  }

  /** A message sent (as the relay records each): without holding up the send. */
  private record(
    caller: AuthenticatedUser,
    store: ResolvedStore,
    request: SiteRequest,
    outcome: 'sent' | 'held' | 'refused' | 'unknown',
  ) {
    if (request.method === 'GET') return;
    this.audit.recordLater(
      { id: caller.id, username: caller.username },
      {
        action: AUDIT_ACTION.messageSend,
        targetType: 'store',
        target: `${store.companyId}/${store.storeId}`,
        companies: [store.companyId],
        details: {
          outcome,
          method: request.method,
          path: request.path,
          message: JSON.stringify(request.body ?? null).slice(0, 2000),
        },
      },
    );
  }
}

function refusal(status: number, body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return `The store answered ${status}${typeof message === 'string' ? `: ${message}` : ''}`.slice(
    0,
    500,
  );
}
