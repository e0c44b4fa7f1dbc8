import { API, ERROR_CODE, errorBodySchema, USER_TYPE } from '@store-cloud/contracts';
import request from 'supertest';
import { LOGIN_LIMITS } from '../src/modules/auth/login-limits';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';

const PAIR = LOGIN_LIMITS.perNameAndAddress.attempts;
const ADDRESS = LOGIN_LIMITS.perAddress.attempts;
const NAME = LOGIN_LIMITS.perName.attempts;
const WRONG = 'Wrong-guess-1';

/**
 * The login limits (LOGIN_LIMITS) on two real backend nodes sharing Redis (the same
 * REDIS_PREFIX), so the counts meet over both. The tests reach the nodes over loopback, a trusted
 * proxy by default: X-Forwarded-For names the client, and each test keeps to addresses of its own.
 */
describe('login rate limit', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp('login-rate-limit');
    b = await createTestApp('login-rate-limit', { seed: false });
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
  });

  const login = (node: TestApp, username: string, password: string, from?: string) => {
    const req = request(node.baseUrl).post(API.login);
    return (from ? req.set('X-Forwarded-For', from) : req).send({ username, password });
  };
  /** `count` logins in parallel batches of ten, their statuses in order. */
  const statuses = async (count: number, attempt: (i: number) => ReturnType<typeof login>) => {
    const seen: number[] = [];
    for (let start = 0; start < count; start += 10) {
      const batch = Array.from({ length: Math.min(10, count - start) }, (_, i) =>
        attempt(start + i),
      );
      seen.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    return seen;
  };
  const expectRefused = (res: request.Response) => {
    expect(res.status).toBe(429);
    expect(errorBodySchema.parse(res.body)).toEqual({
      requestId: expect.any(String),
      code: ERROR_CODE.tooManyRequests,
      message: 'Too many requests, try again later',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };
  const victim = (username: string, password: string) =>
    a.createUser({ username, password, usertype: USER_TYPE.BASIC });

  it('counts one name from one address over both nodes and every spelling of it, and leaves other accounts alone', async () => {
    const spellings = [
      'guessed@storecloud.local',
      ' guessed@storecloud.local',
      'Guessed@StoreCloud.local ',
      ' GUESSED@STORECLOUD.LOCAL',
    ];
    expect(
      await statuses(PAIR, (i) =>
        login(i % 2 ? b : a, spellings[i % spellings.length]!, WRONG, '192.0.2.1'),
      ),
    ).toEqual(Array(PAIR).fill(401));

    expectRefused(await login(a, 'guessed@storecloud.local', WRONG, '192.0.2.1'));
    expectRefused(await login(b, '  Guessed@storecloud.local', WRONG, '192.0.2.1'));

    await login(a, TEST_ADMIN.username, TEST_ADMIN.password, '192.0.2.1').expect(200);
    await login(b, TEST_ADMIN.username, TEST_ADMIN.password, '192.0.2.1').expect(200);
  });

  it('forgets an address’s failures at a name once the right password comes from there', async () => {
    const user = await victim('forgetful@limit.test', 'Right-Pass-123');
    const from = '192.0.2.2';
    expect(await statuses(PAIR - 1, () => login(a, user.username, WRONG, from))).toEqual(
      Array(PAIR - 1).fill(401),
    );
    await login(b, user.username, 'Right-Pass-123', from).expect(200);
    expect(await statuses(PAIR, () => login(b, user.username, WRONG, from))).toEqual(
      Array(PAIR).fill(401),
    );
    expectRefused(await login(a, user.username, WRONG, from));
  });

  it('stops one address spraying many names', async () => {
    const sprayer = '198.51.100.66';
    const seen = await statuses(150, (i) =>
      login(i % 2 ? b : a, `sprayed-${i}@limit.test`, WRONG, sprayer),
    );
    expect(seen.slice(0, ADDRESS)).toEqual(Array(ADDRESS).fill(401));
    expect(seen.slice(ADDRESS)).toEqual(Array(150 - ADDRESS).fill(429));
    expectRefused(await login(a, TEST_ADMIN.username, TEST_ADMIN.password, sprayer));
    // Everyone else logs in as before.
    await login(b, TEST_ADMIN.username, TEST_ADMIN.password, '198.51.100.67').expect(200);
  });

  it('lets the owner in from an address of its own however many strangers fail at its name', async () => {
    const user = await victim('victim@limit.test', 'Victim-Pass-123');
    // One stranger, 60 guesses: stopped after its first few, the owner is not.
    const seen = await statuses(60, () => login(a, user.username, WRONG, '203.0.113.1'));
    expect(seen.slice(0, PAIR)).toEqual(Array(PAIR).fill(401));
    expect(seen.slice(PAIR)).toEqual(Array(60 - PAIR).fill(429));
    await login(b, user.username, 'Victim-Pass-123', '203.0.113.200').expect(200);

    // Many strangers, more failures at the name than its limit: each is stopped at its own.
    const strangers = Math.ceil(NAME / PAIR) + 1;
    for (let s = 2; s <= strangers; s++) {
      await statuses(PAIR, () => login(s % 2 ? b : a, user.username, WRONG, `203.0.113.${s}`));
    }
    // The name is under attack: a new address is stopped after fewer failures of its own...
    const own = LOGIN_LIMITS.perName.ownFailures;
    expect(await statuses(own, () => login(a, user.username, WRONG, '203.0.113.100'))).toEqual(
      Array(own).fill(401),
    );
    expectRefused(await login(b, user.username, WRONG, '203.0.113.100'));
    // ...and the stranger gets nothing from the right password either...
    expectRefused(await login(a, user.username, 'Victim-Pass-123', '203.0.113.1'));
    // ...but the owner, from an address that has not failed at its name, logs in, on either node.
    await login(a, user.username, 'Victim-Pass-123', '203.0.113.201').expect(200);
    await login(b, user.username, 'Victim-Pass-123', '203.0.113.200').expect(200);
  });

  it('believes X-Forwarded-For from a trusted proxy only', async () => {
    // Through loopback (trusted by default) every forwarded address is a client of its own.
    expect(
      await statuses(PAIR + 1, (i) =>
        login(a, 'forwarded@limit.test', WRONG, `192.0.2.${100 + i}`),
      ),
    ).toEqual(Array(PAIR + 1).fill(401));

    // A node that trusts another proxy sees the loopback peer, whatever the header says.
    const strict = await createTestApp('login-rate-limit-strict', {
      seed: false,
      config: { trustedProxies: ['10.9.9.9'] },
    });
    try {
      const seen = await statuses(PAIR + 1, (i) =>
        login(strict, 'forwarded@limit.test', WRONG, `192.0.2.${100 + i}`),
      );
      expect(seen).toEqual([...Array(PAIR).fill(401), 429]);
    } finally {
      await strict.close();
    }
  });
});
