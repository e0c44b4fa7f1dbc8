import { Injectable } from '@nestjs/common';
import {
  AUDIT_ACTION,
  type AuditAction,
  hasCompanyInScope,
  HOME_TEXT,
  type PortalConnection,
  type SiteRef,
  STORE_STATUS,
  storeStateName,
  type SystemStatus,
} from '@store-cloud/contracts';
import { randomUUID } from 'node:crypto';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Clock } from '../../common/clock/clock';
import { type AuditActor, AuditService } from '../audit';
import { LiveStatusService } from '../live-status';
import { PortalConnectionsRepository } from '../portal-connections';
import { TentaclesService } from '../tentacles';
import { SiteError } from './sites.errors';

/**
 * The portal connections to stores (spec §4 connection flow, DESIGN §4): opening one, leaving
 * or closing it, and the Status screen's lists.
 */
@Injectable()
export class SiteConnectionsService {
  constructor(
    private readonly connections: PortalConnectionsRepository,
    private readonly tentacles: TentaclesService,
    private readonly clock: Clock,
    private readonly live: LiveStatusService,
    private readonly audit: AuditService,
  ) {}

  /** One audit entry of a store connection event (issue 17). */
  private audited(caller: AuditActor, action: AuditAction, { company, store }: SiteRef) {
    return this.audit.record(caller, {
      action,
      targetType: 'store',
      target: `${company}/${store}`,
      companies: [company],
    });
  }

  /**
   * One connection per store (DESIGN §4): the caller's own open connection is taken over (its
   * old site tokens stop working); another user's is refused with the spec's text.
   */
  async connect(caller: AuthenticatedUser, ref: SiteRef): Promise<{ success: true }> {
    const { status } = await this.tentacles.statusOf(ref.company, ref.store);
    if (status === STORE_STATUS.offline) throw SiteError.storeOffline(ref.company, ref.store);
    const now = this.clock.now().toISOString();
    const held = await this.connections.get(ref.company, ref.store);
    const result = await this.connections.open({
      company: ref.company,
      store: ref.store,
      user: caller.username,
      lastAccessed: now,
      lastSeen: now,
      since: now,
      cid: randomUUID(),
    });
    if (!result.opened)
      throw SiteError.conflict(HOME_TEXT.cannotConnect(storeStateName(STORE_STATUS.connected)));
    this.live.changed();
    await this.audited(
      caller,
      held?.user === caller.username ? AUDIT_ACTION.siteTakeover : AUDIT_ACTION.siteConnect,
      ref,
    );
    return { success: true };
  }

  /** sitelogout and GET /portallogout: the caller leaves the store. */
  async logout(caller: AuthenticatedUser, ref: SiteRef): Promise<{ success: boolean }> {
    const result = this.closed(
      await this.connections.close(ref.company, ref.store, { user: caller.username }),
    );
    if (result.success) await this.audited(caller, AUDIT_ACTION.siteLogout, ref);
    return result;
  }

  /** closesiteconnection (Status screen): the store's connection ends, whoever holds it. */
  async closeConnection(caller: AuthenticatedUser, ref: SiteRef): Promise<{ success: boolean }> {
    const held = await this.connections.get(ref.company, ref.store);
    // Noted first, so the holder's next call never finds the connection gone without a reason.
    if (held) await this.connections.noteClosedByAdmin(held.cid);
    const result = this.closed(await this.connections.close(ref.company, ref.store));
    if (result.success)
      await this.audit.record(caller, {
        action: AUDIT_ACTION.siteClose,
        targetType: 'store',
        target: `${ref.company}/${ref.store}`,
        companies: [ref.company],
        ...(held ? { before: { connectedBy: held.user }, after: {} } : {}),
      });
    return result;
  }

  private closed(count: number): { success: boolean } {
    if (count > 0) this.live.changed();
    return { success: count > 0 };
  }

  /** The open connections a caller may see: of the companies within its access. */
  async listConnections(caller: AuthenticatedUser): Promise<PortalConnection[]> {
    return (await this.connections.list()).filter((c) => hasCompanyInScope(caller, c.company));
  }

  async systemStatus(caller: AuthenticatedUser): Promise<SystemStatus> {
    const [loginRequestList, portalConnectionsList, storePingList] = await Promise.all([
      this.connections.loginRequests(),
      this.listConnections(caller),
      this.tentacles.list(),
    ]);
    return {
      loginRequestList: loginRequestList.filter((r) => hasCompanyInScope(caller, r.company)),
      portalConnectionsList,
      storePingList: storePingList.filter((p) => hasCompanyInScope(caller, p.enterprise.company)),
    };
  }
}
