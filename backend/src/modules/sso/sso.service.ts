import { Injectable, Logger } from '@nestjs/common';
import {
  AUDIT_ACTION,
  type LoginResult,
  SSO_CODE_TTL_SECONDS,
  SSO_ERROR,
  SSO_FLOW_TTL_SECONDS,
  SSO_PORTAL_ROUTE,
  type SsoCallbackQuery,
  type SsoError as SsoErrorReason,
  type SsoStatus,
} from '@store-cloud/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock/clock';
import { ConfigService } from '../../config/config.service';
import { AuditService, PLATFORM_ACTOR } from '../audit';
import { AuthService, type ClientInfo } from '../auth';
import { UsersRepository } from '../users';
import { OidcClient } from './oidc-client';
import { SsoAccountsService } from './sso-accounts.service';
import { SsoError } from './sso.errors';
import { SsoFlowsRepository } from './sso-flows.repository';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const random = () => randomBytes(32).toString('base64url');

/** Where a step sends the browser; browserKey: the cookie to set (start) or clear (callback). */
export interface SsoRedirect {
  location: string;
  browserKey?: string;
}

const toPortal = (query: { code: string } | { error: SsoErrorReason }) =>
  `${SSO_PORTAL_ROUTE}?${new URLSearchParams(query).toString()}`;

/**
 * Single sign-on's three steps: start (a flow in the database, the browser to the provider),
 * callback (verify, map, a one-time code for the portal) and complete (the code for the usual
 * login answer, through AuthService.completeLogin like every login).
 */
@Injectable()
export class SsoService {
  private readonly logger = new Logger(SsoService.name);

  constructor(
    private readonly config: ConfigService,
    private readonly clock: Clock,
    private readonly oidc: OidcClient,
    private readonly flows: SsoFlowsRepository,
    private readonly accounts: SsoAccountsService,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
  ) {}

  status(): SsoStatus {
    const oidc = this.config.get('oidc');
    return oidc ? { enabled: true, label: oidc.label } : { enabled: false };
  }

  private expiry(seconds: number) {
    return new Date(this.clock.now().getTime() + seconds * 1000);
  }

  async start(): Promise<SsoRedirect> {
    if (!this.config.get('oidc')) return { location: toPortal({ error: SSO_ERROR.disabled }) };
    const checks = OidcClient.newChecks();
    let location: string;
    try {
      location = await this.oidc.authorizationUrl(checks);
    } catch (error) {
      const reason = SsoError.reasonOf(error);
      if (!reason) throw error;
      return { location: toPortal({ error: reason }) };
    }
    const browserKey = random();
    await this.flows.addFlow(
      { ...checks, browserHash: sha256(browserKey), expiresAt: this.expiry(SSO_FLOW_TTL_SECONDS) },
      this.clock.now(),
    );
    return { location, browserKey };
  }

  /** The provider's answer; the flow is used up whatever the outcome. */
  async callback(query: SsoCallbackQuery, browserKey: string | undefined): Promise<SsoRedirect> {
    try {
      return { location: toPortal({ code: await this.finish(query, browserKey) }) };
    } catch (error) {
      const reason = SsoError.reasonOf(error);
      if (!reason) throw error;
      return { location: toPortal({ error: reason }) };
    }
  }

  private async finish(query: SsoCallbackQuery, browserKey: string | undefined): Promise<string> {
    if (!this.config.get('oidc')) throw SsoError.signInRefused(SSO_ERROR.disabled);
    const flow = query.state ? await this.flows.takeFlow(query.state) : null;
    if (
      !flow ||
      flow.expiresAt <= this.clock.now() ||
      !browserKey ||
      sha256(browserKey) !== flow.browserHash
    ) {
      throw SsoError.signInRefused(SSO_ERROR.flowInvalid);
    }
    if (query.error) {
      this.logger.warn(`The identity provider answered a sign-in with ${query.error}`);
      throw SsoError.signInRefused(SSO_ERROR.providerDenied);
    }
    let claims: Record<string, unknown>;
    try {
      claims = await this.oidc.claims(query, flow);
    } catch (error) {
      const reason = SsoError.reasonOf(error) ?? SSO_ERROR.tokenRefused;
      await this.audit.record(PLATFORM_ACTOR, {
        action: AUDIT_ACTION.ssoRefused,
        targetType: 'user',
        target: this.oidc.issuer,
        details: { issuer: this.oidc.issuer, reason },
      });
      throw SsoError.signInRefused(reason);
    }
    const { user, mapped } = await this.accounts.signIn(this.oidc.issuer, claims);
    // Nothing mapped: the administrator must enable it; mapped: an administrator disabled it.
    if (!user.enabled) {
      throw SsoError.signInRefused(mapped ? SSO_ERROR.accountDisabled : SSO_ERROR.notMapped);
    }
    const code = random();
    await this.flows.addCode(
      {
        codeHash: sha256(code),
        userId: user.id,
        browserHash: flow.browserHash,
        expiresAt: this.expiry(SSO_CODE_TTL_SECONDS),
      },
      this.clock.now(),
    );
    return code;
  }

  /** The one-time code, once, from the browser that signed in, for the usual login answer. */
  async complete(
    code: string,
    browserKey: string | undefined,
    client: ClientInfo,
  ): Promise<LoginResult> {
    if (!this.config.get('oidc')) throw SsoError.notConfigured();
    const taken = await this.flows.takeCode(sha256(code));
    if (
      !taken ||
      taken.expiresAt <= this.clock.now() ||
      !browserKey ||
      sha256(browserKey) !== taken.browserHash
    ) {
      throw SsoError.codeInvalid();
    }
    const user = await this.users.findById(taken.userId);
    if (!user) throw SsoError.codeInvalid();
    // The provider enforces its own second factor: the platform's policy is not applied.
    return this.auth.completeLogin(user, client, { mfaPolicy: false });
  }
}
