import { API, ERROR_CODE, errorBodySchema } from '@store-cloud/contracts';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';

/** The login limit (AuthModule: 60 a minute) counts per address and normalised user name. */
const LIMIT = 60;

/**
 * Two real backend nodes sharing Redis (the same REDIS_PREFIX): the count is kept in Redis, so
 * guesses spread over both nodes meet one limit.
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

  const login = (node: TestApp, username: string, password: string) =>
    request(node.baseUrl).post(API.login).send({ username, password });

  it('counts one account over both nodes and every spelling of its name, and leaves other accounts alone', async () => {
    const spellings = [
      'guessed@storecloud.local',
      ' guessed@storecloud.local',
      'Guessed@StoreCloud.local ',
      ' GUESSED@STORECLOUD.LOCAL',
    ];
    for (let batch = 0; batch < LIMIT / 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          login(i % 2 ? b : a, spellings[(batch + i) % spellings.length]!, 'Wrong-guess-1'),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(401));
    }

    for (const [node, name] of [
      [a, 'guessed@storecloud.local'],
      [b, '  Guessed@storecloud.local'],
    ] as const) {
      const refused = await login(node, name, 'Wrong-guess-1').expect(429);
      expect(errorBodySchema.parse(refused.body)).toMatchObject({
        code: ERROR_CODE.tooManyRequests,
        message: 'Too many requests, try again later',
      });
    }

    await login(a, TEST_ADMIN.username, TEST_ADMIN.password).expect(200);
    await login(b, TEST_ADMIN.username, TEST_ADMIN.password).expect(200);
  });
});
