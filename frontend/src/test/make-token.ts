import { type TokenPayload, USER_TYPE } from '@store-cloud/contracts';

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * An unsigned token of the backend's shape. The portal never verifies signatures (the backend
 * does), so tests of portal logic only need the shape and payload.
 */
export function makeToken(payload: Partial<TokenPayload> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const full: TokenPayload = {
    sub: 'user-1',
    name: 'user@example.com',
    usertype: USER_TYPE.BASIC,
    all: false,
    enabled: true,
    applications: [],
    iat: now,
    exp: now + 3600,
    ...payload,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(full)}.signature`;
}
