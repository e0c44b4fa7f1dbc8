import { API, ERROR_CODE, errorBodySchema } from '@store-cloud/contracts';
import request from 'supertest';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';

/** The login limit (AuthModule: 60 a minute) counts per address and user name. */
const LIMIT = 60;

describe('login rate limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('login-rate-limit');
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (username: string, password: string) =>
    request(t.baseUrl).post(API.login).send({ username, password });

  it('stops guessing one account and leaves other accounts alone', async () => {
    const guessed = 'guessed@storecloud.local';
    for (let batch = 0; batch < LIMIT / 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => login(guessed, 'Wrong-guess-1')),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(401));
    }

    const refused = await login(guessed, 'Wrong-guess-1').expect(429);
    expect(errorBodySchema.parse(refused.body).code).toBe(ERROR_CODE.tooManyRequests);

    await login(TEST_ADMIN.username, TEST_ADMIN.password).expect(200);
  });
});
