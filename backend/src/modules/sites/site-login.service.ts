import { Injectable } from '@nestjs/common';
import { AUDIT_ACTION, type SiteLogin, type SiteLoginResult } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Clock } from '../../common/clock/clock';
import { AuditService } from '../audit';
import { CompanyCredentialsCipher, IntegrationCompaniesRepository } from '../companies';
import { LiveStatusService } from '../live-status';
import { PortalConnectionsRepository } from '../portal-connections';
import { type SiteCredentials, SiteCredentialsService } from '../site-credentials';
import { SiteTokenService } from './site-token.service';
import { SiteError } from './sites.errors';
import { StoreLinkGateway } from './store-link.gateway';

/** Where a site login's credentials came from (the first that exists wins). */
export type CredentialSource = 'request' | 'user' | 'store' | 'company';

/**
 * The site login (spec §4): credentials sent over the store's socket for an open connection,
 * answered with a site token.
 */
@Injectable()
export class SiteLoginService {
  constructor(
    private readonly connections: PortalConnectionsRepository,
    private readonly tokens: SiteTokenService,
    private readonly link: StoreLinkGateway,
    private readonly siteCredentials: SiteCredentialsService,
    private readonly integration: IntegrationCompaniesRepository,
    private readonly companyCredentials: CompanyCredentialsCipher,
    private readonly clock: Clock,
    private readonly live: LiveStatusService,
    private readonly audit: AuditService,
  ) {}

  async login(caller: AuthenticatedUser, body: SiteLogin): Promise<SiteLoginResult> {
    const { company, store } = body;
    const connection = await this.connections.get(company, store);
    if (connection?.user !== caller.username) throw SiteError.notConnected(company, store);
    try {
      const result = await this.loginConnected(caller, body, connection.cid);
      await this.audit.record(caller, {
        action: AUDIT_ACTION.siteLogin,
        targetType: 'store',
        target: `${company}/${store}`,
        companies: [company],
      });
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
    } finally {
      await this.connections.removeLoginRequest(company, store, caller.username);
    }
    if (!success) throw SiteError.loginFailed();
    if (!(await this.connections.touch(company, store, cid, this.clock.now()))) {
      throw SiteError.connectionClosed();
    }
    // A site token lives only as long as the portal session it was issued to (issue 23).
    if (!caller.session) throw SiteError.unauthenticated('A portal login is required');
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
}
