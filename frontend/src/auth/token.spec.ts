import { USER_TYPE } from '@store-cloud/contracts';
import { describe, expect, it } from 'vitest';
import { makeToken } from '../test/make-token';
import {
  assertJwtShape,
  decodeToken,
  isTokenExpired,
  sessionFromToken,
  TokenFormatError,
} from './token';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const nowSeconds = NOW / 1000;

describe('assertJwtShape', () => {
  it.each(['abc', 'a.b', 'a.b.c.d'])('rejects %j as not a JWT', (token) => {
    expect(() => assertJwtShape(token)).toThrow(TokenFormatError);
    expect(() => assertJwtShape(token)).toThrow(/JWT must have 3 parts.*does not look like a JWT/);
  });

  it('accepts three dot-separated parts', () => {
    expect(() => assertJwtShape('a.b.c')).not.toThrow();
  });
});

describe('isTokenExpired', () => {
  it('counts a missing or empty token as expired', () => {
    expect(isTokenExpired('', 0, NOW)).toBe(true);
    expect(isTokenExpired(null, 0, NOW)).toBe(true);
    expect(isTokenExpired(undefined, 0, NOW)).toBe(true);
  });

  it('throws for a token that is not a JWT', () => {
    expect(() => isTokenExpired('not-a-token', 0, NOW)).toThrow(TokenFormatError);
  });

  it('is not expired before exp and expired from exp on', () => {
    expect(isTokenExpired(makeToken({ exp: nowSeconds + 1 }), 0, NOW)).toBe(false);
    expect(isTokenExpired(makeToken({ exp: nowSeconds }), 0, NOW)).toBe(true);
    expect(isTokenExpired(makeToken({ exp: nowSeconds - 60 }), 0, NOW)).toBe(true);
  });

  it('adds the offset to the expiry time', () => {
    const token = makeToken({ exp: nowSeconds - 30 });
    expect(isTokenExpired(token, 60, NOW)).toBe(false);
    expect(isTokenExpired(token, 30, NOW)).toBe(true);
  });
});

describe('decodeToken', () => {
  it('returns the payload checked against the contract', () => {
    const payload = decodeToken(
      makeToken({ usertype: USER_TYPE.ADMIN, applications: ['Message Manager'] }),
    );
    expect(payload.usertype).toBe(USER_TYPE.ADMIN);
    expect(payload.applications).toEqual(['Message Manager']);
  });

  it('rejects a payload that breaks the contract', () => {
    const token = makeToken({ usertype: 'ROOT' as never });
    expect(() => decodeToken(token)).toThrow();
  });
});

describe('sessionFromToken', () => {
  it('is null for a missing, malformed, invalid or expired token', () => {
    expect(sessionFromToken(null, NOW)).toBeNull();
    expect(sessionFromToken('x.y', NOW)).toBeNull();
    expect(sessionFromToken('a.b.c', NOW)).toBeNull();
    expect(sessionFromToken(makeToken({ exp: nowSeconds - 1 }), NOW)).toBeNull();
  });

  it('is the payload of a valid token', () => {
    expect(sessionFromToken(makeToken({ exp: nowSeconds + 60, name: 'a@b.c' }), NOW)?.name).toBe(
      'a@b.c',
    );
  });
});
