import { ERROR_CODE, SITE_ERROR_CODE, USER_TYPE, type User } from '@store-cloud/contracts';
import type { Clock } from '../../common/clock/clock';
import type { ConfigService } from '../../config/config.service';
import type { LiveStatusService } from '../live-status';
import type { PortalConnectionsRepository } from '../portal-connections';
import type { RedisService } from '../redis';
import type { SessionsService } from '../sessions';
import type { UserAccessCache } from '../users';
import { LastAccessedThrottle } from './last-accessed-throttle';
import { SiteAuthService } from './site-auth.service';
import type { SiteTokenService } from './site-token.service';
import { SiteError } from './sites.errors';

const START = new Date('2030-06-01T12:00:00.000Z');
const claims = { sub: 'u1', user: 'ann', company: 7, store: 3, cid: 'c1', sid: 's1', gen: 0 };

const ann: User = {
  id: 'u1',
  username: 'ann',
  usertype: USER_TYPE.BASIC,
  enabled: true,
  applications: [],
  access: { all: true, companies: [] },
} as unknown as User;

/**
 * One open connection (cid c1 of store 7/3) whose writes are counted, a site token that is
 * `token` (valid), 'expired' or anything else (invalid), and a Clock the test moves.
 */
function setUp({ sessionLive = true } = {}) {
  let now = START;
  const clock = { now: () => now } as Clock;
  let open = true;
  const touched: { at: string; peek: boolean }[] = [];
  let pushes = 0;
  const connections = {
    touch: async (_c: number, _s: number, cid: string, at: Date, { peek = false } = {}) => {
      if (!open || cid !== 'c1') return false;
      touched.push({ at: at.toISOString(), peek });
      return true;
    },
    isOpen: async () => open,
    close: async () => {
      const was = open;
      open = false;
      return was ? 1 : 0;
    },
    onClosed: () => undefined,
    wasClosedByAdmin: async () => false,
  } as unknown as PortalConnectionsRepository;
  const tokens = {
    verify: async (token: string) => {
      if (token === 'token') return { ...claims, exp: 0 };
      throw token === 'expired'
        ? SiteError.connectionClosed()
        : SiteError.unauthenticated('Invalid site token');
    },
  } as unknown as SiteTokenService;
  const users = { get: async () => ann } as unknown as UserAccessCache;
  const sessions = { isLive: async () => sessionLive } as unknown as SessionsService;
  const config = { get: () => 60_000 } as unknown as ConfigService;
  const throttle = new LastAccessedThrottle(config, {} as RedisService, connections);
  const live = { changed: () => (pushes += 1) } as unknown as LiveStatusService;
  const auth = new SiteAuthService(tokens, users, sessions, connections, throttle, clock, live);
  return {
    auth,
    touched,
    pushes: () => pushes,
    isOpen: () => open,
    close: () => (open = false),
    moveBy: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

describe('SiteAuthService', () => {
  it('wants a token, and answers an invalid one 401 and an expired one as closed', async () => {
    const { auth } = setUp();
    const unauthenticated = { status: 401, code: ERROR_CODE.unauthenticated };
    await expect(auth.authenticate(undefined)).rejects.toMatchObject(unauthenticated);
    await expect(auth.authenticate('forged')).rejects.toMatchObject(unauthenticated);
    await expect(auth.authenticate('expired')).rejects.toMatchObject({
      code: SITE_ERROR_CODE.connectionClosed,
    });
  });

  it('writes lastAccessed at most once a second per connection, as the clock moves', async () => {
    const { auth, touched, moveBy } = setUp();
    await expect(auth.authenticate('token')).resolves.toMatchObject({ principal: ann });
    moveBy(500);
    await auth.authenticate('token');
    expect(touched).toEqual([{ at: START.toISOString(), peek: false }]);
    moveBy(500);
    await auth.authenticate('token');
    expect(touched.map((t) => t.at)).toEqual([
      START.toISOString(),
      new Date(START.getTime() + 1000).toISOString(),
    ]);
  });

  it('moves only lastSeen on a peek, at every peek', async () => {
    const { auth, touched } = setUp();
    await auth.authenticate('token', { peek: true });
    await auth.authenticate('token', { peek: true });
    expect(touched.map((t) => t.peek)).toEqual([true, true]);
  });

  it('answers a closed connection as closed, also within the second', async () => {
    const { auth, close } = setUp();
    await auth.authenticate('token');
    close();
    await expect(auth.authenticate('token')).rejects.toMatchObject({
      code: SITE_ERROR_CODE.connectionClosed,
    });
  });

  it('closes the connection of a token whose portal session ended', async () => {
    const { auth, isOpen, pushes } = setUp({ sessionLive: false });
    await expect(auth.authenticate('token')).rejects.toMatchObject({
      code: SITE_ERROR_CODE.connectionClosed,
    });
    expect(isOpen()).toBe(false);
    expect(pushes()).toBe(1);
  });

  it('tells who a token belongs to', async () => {
    const { auth } = setUp();
    await expect(auth.tokenInfo('token')).resolves.toEqual({
      user: 'ann',
      company: 7,
      store: 3,
      expires: new Date(0).toISOString(),
    });
  });
});
