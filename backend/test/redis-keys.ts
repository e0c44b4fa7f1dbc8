import Redis from 'ioredis';

/**
 * Makes Redis forget one test's keys, as a flush would: every key under `${prefix}:`, found with
 * SCAN. Other test files and helpers share the Redis server, so never FLUSHALL or FLUSHDB.
 */
export async function forgetRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl);
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}
