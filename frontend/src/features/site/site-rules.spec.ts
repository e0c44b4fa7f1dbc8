import { BOS_FRAME_USER, ROUTES } from '@store-cloud/contracts';
import { describe, expect, it } from 'vitest';
import { bosHostFor, closesStoreConnection, frameAddress, frameStoreId } from './site-rules';

const HOSTS = { bos1: 'http://bos.one/app', bos2: 'http://bos.two/', bos3: 'http://bos.three' };

describe('the route rule', () => {
  it.each([ROUTES.users, ROUTES.companies, ROUTES.userProfile, ROUTES.home, ROUTES.status])(
    'entering %s closes the store connection',
    (path) => {
      expect(closesStoreConnection(path)).toBe(true);
      expect(closesStoreConnection(`${path}/`)).toBe(true);
    },
  );

  it.each([ROUTES.store, ROUTES.function(2), ROUTES.timeout, ROUTES.media, ROUTES.editUser, '/'])(
    'entering %s keeps it',
    (path) => expect(closesStoreConnection(path)).toBe(false),
  );
});

describe('the back-office host', () => {
  it('is the first for 1, the second for 2 and the third for anything else', () => {
    expect(bosHostFor('1', HOSTS)).toBe(HOSTS.bos1);
    expect(bosHostFor(2, HOSTS)).toBe(HOSTS.bos2);
    expect(bosHostFor('3', HOSTS)).toBe(HOSTS.bos3);
    expect(bosHostFor('7', HOSTS)).toBe(HOSTS.bos3);
    expect(bosHostFor('abc', HOSTS)).toBe(HOSTS.bos3);
    expect(bosHostFor(undefined, HOSTS)).toBe(HOSTS.bos3);
  });
});

describe('the frame address', () => {
  it('is the host with the site token, the store id and the fixed user value', () => {
    const url = new URL(frameAddress(HOSTS.bos1, 'a.b.c', 4));
    expect(`${url.origin}${url.pathname}`).toBe(HOSTS.bos1);
    expect(url.searchParams.get('token')).toBe('a.b.c');
    expect(url.searchParams.get('store')).toBe('4');
    expect(url.searchParams.get('user')).toBe(String(BOS_FRAME_USER));
    expect(BOS_FRAME_USER).toBe(100);
  });

  it('escapes the token and keeps a query the host already has', () => {
    const url = new URL(frameAddress('http://bos.one/?lang=en', 'x+y/z=', 9));
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('token')).toBe('x+y/z=');
  });

  it('uses the installed store id when there is one', () => {
    expect(frameStoreId(4)).toBe(4);
    expect(frameStoreId(4, 1004)).toBe(1004);
  });
});
