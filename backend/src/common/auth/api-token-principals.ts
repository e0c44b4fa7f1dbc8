import type { AuthenticatedUser } from './authenticated-user';

/** The request and answer the guard hands on, so a token's every use lands in the audit trail. */
export interface ApiTokenCall {
  method: string;
  url: string;
  /** The route template Express matched, when it did (e.g. /portal/alertrules/:id). */
  routePath?: () => string | undefined;
  onFinish: (listener: (status: number) => void) => void;
}

/**
 * Who an integration's API token (`Authorization: Bearer sc_…`, issue 27) acts for. The
 * apitokens module provides it; JwtAuthGuard asks it whenever such a header comes.
 */
export interface ApiTokenPrincipals {
  principalOf(token: string, call: ApiTokenCall): Promise<AuthenticatedUser>;
}
export const API_TOKEN_PRINCIPALS = Symbol('ApiTokenPrincipals');

/** The token of an `Authorization: Bearer sc_…` header, or undefined for any other header. */
export function bearerApiToken(header: unknown, prefix: string): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1]?.startsWith(prefix) ? match[1] : undefined;
}
