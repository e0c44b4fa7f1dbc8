import { Injectable, Logger } from '@nestjs/common';
import { SSO_ERROR, type SsoCallbackQuery } from '@store-cloud/contracts';
import * as oidc from 'openid-client';
import { ConfigService } from '../../config/config.service';
import type { OidcConfig } from '../../config/oidc-config';
import { SsoError } from './sso.errors';

/** The provider could not be reached, or its discovery document names another issuer. */
const unavailable = () => SsoError.signInRefused(SSO_ERROR.providerUnavailable);
/** The provider's answer did not verify (state, PKCE, issuer, audience, signature, nonce). */
const refused = () => SsoError.signInRefused(SSO_ERROR.tokenRefused);

/** What a flow keeps between the redirect to the provider and its answer. */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Seconds any one call to the provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** For the log: the error and the provider's OAuth error code when it sent one. */
const describe = (error: unknown) => {
  if (!(error instanceof Error)) return String(error);
  const oauth = (error as { error?: unknown }).error;
  return `${error.name}: ${error.message}${typeof oauth === 'string' ? ` (${oauth})` : ''}`;
};

/**
 * openid-client (v6) against OIDC_ISSUER: the one place that talks to the identity provider. What
 * fails is a SsoError.signInRefused: provider_unavailable or token_refused, logged here.
 * Discovery is done at the first sign-in and kept once it succeeded, so a provider that is down
 * at start delays nothing but single sign-on.
 */
@Injectable()
export class OidcClient {
  private readonly logger = new Logger(OidcClient.name);
  private configuration?: Promise<oidc.Configuration>;

  constructor(private readonly config: ConfigService) {}

  private get settings(): OidcConfig {
    const settings = this.config.get('oidc');
    if (!settings) throw SsoError.signInRefused(SSO_ERROR.disabled);
    return settings;
  }

  private discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    this.configuration ??= oidc
      .discovery(new URL(issuer), clientId, clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // http:// only to this machine: the env schema allows no other.
        execute: issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        this.configuration = undefined;
        this.logger.warn(`Discovery of ${issuer} failed: ${describe(error)}`);
        throw unavailable();
      });
    return this.configuration;
  }

  /** Fresh random state, nonce and PKCE verifier for a new flow. */
  static newChecks(): OidcChecks {
    return {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
  }

  /** The provider's sign-in address for this flow (code flow, S256 PKCE, state, nonce). */
  async authorizationUrl(checks: OidcChecks): Promise<string> {
    const configuration = await this.discover();
    const { redirectUri, scopes } = this.settings;
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: scopes,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /**
   * Exchanges the provider's answer for verified claims: the ID token's (issuer, audience,
   * signature, expiry, nonce checked by openid-client), then the userinfo endpoint's for the
   * same subject (where providers put the groups unless asked otherwise).
   */
  async claims(query: SsoCallbackQuery, checks: OidcChecks): Promise<Record<string, unknown>> {
    const configuration = await this.discover();
    const answer = new URL(this.settings.redirectUri);
    for (const [name, value] of Object.entries(query)) {
      if (typeof value === 'string') answer.searchParams.set(name, value);
    }
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, answer, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      this.logger.warn(`A sign-in answer was refused: ${describe(error)}`);
      throw refused();
    }
    const claims = tokens.claims();
    if (!claims) {
      this.logger.warn('A sign-in answer carried no ID token');
      throw refused();
    }
    if (!configuration.serverMetadata().userinfo_endpoint) return { ...claims };
    try {
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      // The ID token's claims win: they are signed.
      return { ...info, ...claims };
    } catch (error) {
      this.logger.warn(`The userinfo of a sign-in was refused: ${describe(error)}`);
      throw refused();
    }
  }

  get issuer(): string {
    return this.settings.issuer;
  }
}
