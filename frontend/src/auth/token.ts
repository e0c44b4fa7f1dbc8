/**
 * Checks of the portal access token (spec §5). The portal trusts the backend's signature; these
 * checks only decide whether a stored token is worth sending and what the user may see.
 */
import { type TokenPayload, tokenPayloadSchema } from '@store-cloud/contracts';
import { jwtDecode } from 'jwt-decode';

export class TokenFormatError extends Error {
  constructor(parts: number) {
    super(`JWT must have 3 parts: the token does not look like a JWT (it has ${parts})`);
    this.name = 'TokenFormatError';
  }
}

/** Throws TokenFormatError unless the token has the header.payload.signature shape. */
export function assertJwtShape(token: string): void {
  const parts = token.split('.').length;
  if (parts !== 3) throw new TokenFormatError(parts);
}

/** The token's payload, checked against the contract. Throws on a malformed token. */
export function decodeToken(token: string): TokenPayload {
  assertJwtShape(token);
  return tokenPayloadSchema.parse(jwtDecode(token));
}

/**
 * Whether the token has expired at `nowMs`: an empty token counts as expired; otherwise it is
 * expired once its exp plus `offsetSeconds` has passed. A token without exp never expires.
 * Throws TokenFormatError for a non-empty token that is not a JWT.
 */
export function isTokenExpired(
  token: string | null | undefined,
  offsetSeconds = 0,
  nowMs = Date.now(),
): boolean {
  if (!token) return true;
  assertJwtShape(token);
  const { exp } = jwtDecode<{ exp?: number }>(token);
  if (exp === undefined) return false;
  return (exp + offsetSeconds) * 1000 <= nowMs;
}

/** The signed-in user of a stored token, or null when it is missing, malformed or expired. */
export function sessionFromToken(token: string | null, nowMs = Date.now()): TokenPayload | null {
  if (!token) return null;
  try {
    if (isTokenExpired(token, 0, nowMs)) return null;
    return decodeToken(token);
  } catch {
    return null;
  }
}
