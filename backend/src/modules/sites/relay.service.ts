import { Injectable } from '@nestjs/common';
import {
  AUDIT_ACTION,
  type SiteRef,
  type SiteReply,
  type SiteRequest,
} from '@store-cloud/contracts';
import { requireUse } from '../../common/auth/require-use';
import { BACKEND_METRICS } from '../../common/metrics/backend-metrics';
import { AuditService } from '../audit';
import { TentaclesService } from '../tentacles';
import { MessageQueueService } from './message-queue.service';
import { isMessengerCall } from './messenger-gate';
import { isHeldAnswer, relayFailureOutcome } from './relay-outcome';
import type { SiteCaller } from './site-auth.service';
import { MESSAGE_MANAGER_REQUIRED, SiteError, SITES_ERROR_CODE } from './sites.errors';
import { StoreLinkGateway } from './store-link.gateway';

/**
 * Calls to a store over its socket (DESIGN §2): the /api/v1 relay of a site token's holder, held
 * in the message queue while the store is away, and the portal's own calls answered by a store.
 */
@Injectable()
export class RelayService {
  constructor(
    private readonly link: StoreLinkGateway,
    private readonly queue: MessageQueueService,
    private readonly tentacles: TentaclesService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Relays a call to the caller's store, timed into the relayed-calls metric by its outcome. An
   * offline store is refused at once, except that a call that changes something (not GET) waits
   * in the message queue: answered 202.
   */
  async relay(
    caller: SiteCaller,
    ref: SiteRef,
    request: SiteRequest,
  ): Promise<{ status: number; body: unknown }> {
    const end = BACKEND_METRICS.relayedCalls.startTimer();
    try {
      const reply = await this.relayToStore(caller, ref, request);
      end({ outcome: reply.status === 202 && isHeldAnswer(reply.body) ? 'held' : 'answered' });
      return reply;
    } catch (error) {
      end({ outcome: relayFailureOutcome(error) });
      throw error;
    }
  }

  private async relayToStore(
    caller: SiteCaller,
    ref: SiteRef,
    request: SiteRequest,
  ): Promise<{ status: number; body: unknown }> {
    if (ref.company !== caller.company || ref.store !== caller.store) {
      throw SiteError.forbidden('The site token is for another store');
    }
    // The store's messenger takes calls only from Message Manager users, whatever the spelling.
    const messenger = isMessengerCall(request.path, request.query);
    if (messenger) requireUse('message', caller.principal, MESSAGE_MANAGER_REQUIRED);
    const sent = messenger && request.method !== 'GET';
    const online = await this.tentacles.isOnline(ref.company, ref.store);
    const hold = async () => {
      const item = await this.queue.hold(ref.company, ref.store, request);
      if (sent) this.auditMessage(caller, ref, request, 'held');
      return { status: 202, body: { queued: true, item } };
    };
    if (!online) {
      if (request.method !== 'GET') return hold();
      throw SiteError.storeOffline(ref.company, ref.store);
    }
    try {
      const reply: SiteReply = await this.link.request(ref.company, ref.store, request);
      if (sent) this.auditMessage(caller, ref, request, reply.status < 400 ? 'sent' : 'refused');
      return reply;
    } catch (error) {
      if (SiteError.is(error, SITES_ERROR_CODE.storeOffline) && request.method !== 'GET')
        return hold();
      if (SiteError.is(error, SITES_ERROR_CODE.storeTimeout) && sent) {
        // The store may have taken it: not a failure to resend blindly, nor a success (issue 24).
        this.auditMessage(caller, ref, request, 'unknown');
        throw SiteError.outcomeUnknown(ref.company, ref.store);
      }
      throw error;
    }
  }

  /** A relayed messenger call (a message sent): recorded without holding up the relay. */
  private auditMessage(
    caller: SiteCaller,
    ref: SiteRef,
    request: SiteRequest,
    outcome: 'sent' | 'held' | 'refused' | 'unknown',
  ) {
    this.audit.recordLater(
      { id: caller.principal.id, username: caller.principal.username },
      {
        action: AUDIT_ACTION.messageSend,
        targetType: 'store',
        target: `${ref.company}/${ref.store}`,
        companies: [ref.company],
        details: {
          outcome,
          method: request.method,
          path: request.path,
          message: JSON.stringify(request.body ?? null).slice(0, 2000),
        },
      },
    );
  }

  /**
   * A portal call answered by the store itself (e.g. GET /portal/workstations), while the store
   * is online; no site connection needed. The route's @RequireAccess admitted the caller.
   */
  async requestStore(
    ref: SiteRef,
    request: SiteRequest,
  ): Promise<{ status: number; body: unknown }> {
    if (!(await this.tentacles.isOnline(ref.company, ref.store)))
      throw SiteError.storeOffline(ref.company, ref.store);
    return this.link.request(ref.company, ref.store, request);
  }
}
