import { API_TOKEN_PREFIX } from '@store-cloud/contracts';
import { createHash, randomBytes } from 'node:crypto';

/**
 * A new token: the prefix and 256 random bits. A plain SHA-256 is enough to keep it: with that
 * much entropy no one can guess back from the hash, and a lookup by hash stays one index read
 * (bcrypt's cost would only slow every call down).
 */
export function newApiToken(): { token: string; hash: string; hint: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return {
    token,
    hash: hashApiToken(token),
    hint: `${token.slice(0, API_TOKEN_PREFIX.length + 4)}…`,
  };
}

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');
