import Redis from 'ioredis';
import { freePort } from '../../e2e/stack/ports';
import { TEST_ENV } from '../../e2e/stack/test-services';
import { isRedisUnavailable } from '../src/common/errors/redis-unavailable';

/** What the global filter answers 503 for: what ioredis really throws, not a made-up error. */
describe('isRedisUnavailable', () => {
  const failureOf = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: unknown) => e,
    );

  it('is true for the errors of a Redis that is not there', async () => {
    const port = await freePort();
    const noQueue = new Redis(port, { enableOfflineQueue: false, lazyConnect: true });
    const timed = new Redis(port, { commandTimeout: 100, retryStrategy: () => 50 });
    const retries = new Redis(port, { maxRetriesPerRequest: 0, retryStrategy: () => 50 });
    for (const c of [timed, retries]) c.on('error', () => undefined);
    try {
      expect(isRedisUnavailable(await failureOf(noQueue.get('k')))).toBe(true);
      expect(isRedisUnavailable(await failureOf(timed.get('k')))).toBe(true);
      expect(isRedisUnavailable(await failureOf(retries.get('k')))).toBe(true);
    } finally {
      for (const c of [noQueue, timed, retries]) c.disconnect();
    }
  });

  it('is false for an error Redis answered, and for other errors', async () => {
    const redis = new Redis(process.env[TEST_ENV.redisUrl]!);
    try {
      const reply = await failureOf(redis.call('NO-SUCH-COMMAND'));
      expect(reply).toBeInstanceOf(Error);
      expect(isRedisUnavailable(reply)).toBe(false);
    } finally {
      redis.disconnect();
    }
    expect(isRedisUnavailable(new Error('boom'))).toBe(false);
    expect(isRedisUnavailable('Connection is closed.')).toBe(false);
  });
});
