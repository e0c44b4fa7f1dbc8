import { Injectable } from '@nestjs/common';
import {
  AUDIT_ACTION,
  type AuditAction,
  hasCompanyInScope,
  hasStoreAccess,
  HOME_TEXT,
  type PortalConnection,
  type SiteLogin,
  type SiteLoginResult,
  type SiteRef,
  type SiteReply,
  type SiteRequest,
  type SiteTokenInfo,
  STORE_STATUS,
  storeStateName,
  type SystemStatus,
  type User,
} from '@store-cloud/contracts';
import { randomUUID } from 'node:crypto';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { requireUse } from '../../common/auth/require-use';
import { ConflictError, ForbiddenError, UnauthenticatedError } from '@store-cloud/node-kit';
import { type AuditActor, AuditService } from '../audit/audit.service';
import { CompanyCredentialsCipher } from '../companies/company-credentials.cipher';
import { IntegrationCompaniesRepository } from '../companies/integration-companies.repository';
import { Clock } from '../../common/clock/clock';
import { TentaclesService } from '../tentacles/tentacles.service';
import {
  type SiteCredentials,
  SiteCredentialsService,
} from '../users/site-credentials/site-credentials.service';
import { SessionsService } from '../sessions/sessions.service';
import { UserAccessCache } from '../users/user-access.cache';
import { LastAccessedThrottle } from './last-accessed-throttle';
import { isMessengerCall } from './messenger-gate';
import { MessageQueueService } from './message-queue.service';
import { PortalConnectionsRepository } from './portal-connections.repository';
import {
  InvalidSiteTokenError,
  type SiteTokenClaims,
  SiteTokenService,
} from './site-token.service';
import { MESSAGE_MANAGER_REQUIRED, SiteError } from './sites.errors';
import { isHeldAnswer, relayFailureOutcome } from './relay-outcome';
import { BACKEND_METRICS } from '../metrics/backend-metrics';
import { StoreLinkGateway, StoreTimeoutError, StoreUnreachableError } from './store-link.gateway';
import { LiveStatusService } from '../live-status/live-status.service';

/** A caller holding a valid site token of an open connection, and the user behind it now. */
export type SiteCaller = SiteTokenClaims & { exp: number; principal: User };

/** Where a site login's credentials came from (the first that exists wins). */
export type CredentialSource = 'request' | 'user' | 'store' | 'company';

/**
 * Connecting to a store (spec §4 connection flow, DESIGN §2): portal connections, the site
 * login over the store's socket, site tokens, and the relay of /api/v1 calls.
 */
@Injectable()
export class SitesService {
  constructor(
    private readonly connections: PortalConnectionsRepository,
    private readonly tokens: SiteTokenService,
    private readonly link: StoreLinkGateway,
    private readonly queue: MessageQueueService,
    private readonly tentacles: TentaclesService,
    private readonly users: UserAccessCache,
    private readonly siteCredentials: SiteCredentialsService,
    private readonly integration: IntegrationCompaniesRepository,
    private readonly companyCredentials: CompanyCredentialsCipher,
    private readonly clock: Clock,
    private readonly live: LiveStatusService,
    private readonly accessWrites: LastAccessedThrottle,
    private readonly audit: AuditService,
    private readonly sessions: SessionsService,
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
      throw new ConflictError(HOME_TEXT.cannotConnect(storeStateName(STORE_STATUS.connected)));
    this.live.changed();
    await this.audited(
      caller,
      held?.user === caller.username ? AUDIT_ACTION.siteTakeover : AUDIT_ACTION.siteConnect,
      ref,
    );
    return { success: true };
  }

  async login(caller: AuthenticatedUser, body: SiteLogin): Promise<SiteLoginResult> {
    const { company, store } = body;
    const connection = await this.connections.get(company, store);
    if (connection?.user !== caller.username) throw SiteError.notConnected(company, store);
    try {
      const result = await this.loginConnected(caller, body, connection.cid);
      await this.audited(caller, AUDIT_ACTION.siteLogin, body);
      return result;
    } catch (error) {
      // A refused or failed site login leaves no connection behind to lock the store (a
      // departure from spec §4, where only the portal closes it after a failed call).
      if (await this.connections.close(company, store, { cid: connection.cid }))
        this.live.changed();
      throw error;
    }
  }

  private async loginConnected(
    caller: AuthenticatedUser,
    body: SiteLogin,
    cid: string,
  ): Promise<SiteLoginResult> {
    const { company, store } = body;
    const credentials = await this.resolveCredentials(caller, body);
    if (!credentials) throw SiteError.loginFailed('No site credentials are set for this store');
    await this.connections.addLoginRequest({
      company,
      store,
      user: caller.username,
      datetime: this.clock.now().toISOString(),
    });
    let success: boolean;
    try {
      success = await this.link.login(company, store, credentials.username, credentials.password);
    } catch (error) {
      throw this.linkError(error, body);
    } finally {
      await this.connections.removeLoginRequest(company, store, caller.username);
    }
    if (!success) throw SiteError.loginFailed();
    if (!(await this.connections.touch(company, store, cid, this.clock.now()))) {
      throw SiteError.connectionClosed();
    }
    // A site token lives only as long as the portal session it was issued to (issue 23).
    if (!caller.session) throw new UnauthenticatedError('A portal login is required');
    const signed = await this.tokens.sign({
      sid: caller.session.id,
      gen: caller.session.gen,
      sub: caller.id,
      user: caller.username,
      company,
      store,
      cid,
    });
    return { success: true, ...signed };
  }

  /**
   * Credentials for a site login: the ones sent, else the user's own per-store credentials,
   * else the store's, else the company's (the integration company's evobos).
   */
  async resolveCredentials(
    caller: AuthenticatedUser,
    body: SiteLogin,
  ): Promise<(SiteCredentials & { source: CredentialSource }) | null> {
    if (body.username)
      return { username: body.username, password: body.password ?? '', source: 'request' };
    const own = await this.siteCredentials.resolve({
      userId: caller.id,
      companyId: body.company,
      storeId: body.store,
    });
    if (own?.username) return { ...own, source: 'user' };
    const company = await this.integration.findOne(body.company);
    if (company && this.companyCredentials.hasPlainText(company)) {
      await this.integration.replace(this.companyCredentials.seal(company));
    }
    const store = company?.stores.find((s) => s.storeId === body.store);
    if (store?.evobos?.username) {
      const password = this.companyCredentials.storePassword(
        body.company,
        body.store,
        store.evobos,
      );
      return { username: store.evobos.username, password, source: 'store' };
    }
    if (company?.evobos?.username) {
      const password = this.companyCredentials.companyPassword(body.company, company.evobos);
      return { username: company.evobos.username, password, source: 'company' };
    }
    return null;
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

  /**
   * Checks a site token, its user's current access, and that its connection is still open, and
   * refreshes the connection's lastAccessed (a peek: lastSeen only). An expired token, a user who
   * lost access, or a closed connection is SITE_CONNECTION_CLOSED (/timeout).
   */
  async authenticate(token: string | undefined, { peek = false } = {}): Promise<SiteCaller> {
    if (!token) throw new UnauthenticatedError('Site token required');
    let claims: SiteTokenClaims & { exp: number };
    try {
      claims = await this.tokens.verify(token);
    } catch (error) {
      if (error instanceof InvalidSiteTokenError && error.expired)
        throw SiteError.connectionClosed();
      throw new UnauthenticatedError('Invalid site token');
    }
    // The token is only as good as its user's current access (issue 13): an administrator's
    // change applies on the next call, and the connection of a user who lost it ends.
    const principal = await this.users.get(claims.sub);
    // Its portal session ended (Logout, End, a password change or reset: issue 23).
    const live =
      typeof claims.sid === 'string' &&
      typeof claims.gen === 'number' &&
      (await this.sessions.isLive({ sid: claims.sid, sub: claims.sub, gen: claims.gen }));
    if (!live || !principal?.enabled || !hasStoreAccess(principal, claims.company, claims.store)) {
      if (await this.connections.close(claims.company, claims.store, { cid: claims.cid }))
        this.live.changed();
      throw SiteError.connectionClosed();
    }
    // A peek (the portal's heartbeat) shows the portal is still there, but must not keep an
    // idle connection open: it moves lastSeen only. A call writes lastAccessed at most once a
    // second per connection; in between the connection is open as long as this node heard of
    // no close, or (while it cannot hear them) as Redis says.
    const now = this.clock.now();
    const ms = now.getTime();
    const write = peek || this.accessWrites.isDue(claims.cid, ms);
    const open = write
      ? await this.connections.touch(claims.company, claims.store, claims.cid, now, { peek })
      : this.accessWrites.isKnownOpen(claims.cid, ms) ||
        (await this.connections.isOpen(claims.company, claims.store, claims.cid));
    if (!open) {
      this.accessWrites.forget(claims.cid);
      throw SiteError.connectionClosed();
    }
    if (write && !peek) this.accessWrites.wrote(claims.cid, claims.company, claims.store, ms);
    return { ...claims, principal };
  }

  async tokenInfo(token: string, { peek = false } = {}): Promise<SiteTokenInfo> {
    const claims = await this.authenticate(token, { peek });
    return {
      user: claims.user,
      company: claims.company,
      store: claims.store,
      expires: new Date(claims.exp * 1000).toISOString(),
    };
  }

  /**
   * Relays a call to the caller's store. An offline store is refused at once, except that a
   * call that changes something (not GET) waits in the message queue: answered 202.
   */
  /** relayToStore, timed into the relayed-calls metric by its outcome. */
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
      throw new ForbiddenError('The site token is for another store');
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
      if (error instanceof StoreUnreachableError && request.method !== 'GET') return hold();
      if (error instanceof StoreTimeoutError && sent) {
        // The store may have taken it: not a failure to resend blindly, nor a success (issue 24).
        this.auditMessage(caller, ref, request, 'unknown');
        throw SiteError.outcomeUnknown(ref.company, ref.store);
      }
      throw this.linkError(error, ref);
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
    try {
      return await this.link.request(ref.company, ref.store, request);
    } catch (error) {
      throw this.linkError(error, ref);
    }
  }

  private linkError(error: unknown, { company, store }: SiteRef): unknown {
    if (error instanceof StoreTimeoutError) return SiteError.storeTimeout(company, store);
    if (error instanceof StoreUnreachableError) return SiteError.storeOffline(company, store);
    return error;
  }
}
