import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { BACKEND_METRICS } from '../../common/metrics/backend-metrics';
import { RedisService } from '../redis';

/**
 * How many logins that are not a success (wrong password, unknown name, refused) an attempt may
 * follow (docs/security.md). Counted in fixed windows in Redis, shared by every backend node.
 */
export const LOGIN_LIMITS = {
  /** One name from one address: stops a guesser; a success from there clears it. */
  perNameAndAddress: { attempts: 10, windowSeconds: 15 * 60 },
  /** One address over all names: stops password spraying. */
  perAddress: { attempts: 100, windowSeconds: 60 * 60 },
  /**
   * One name over all addresses: beyond it the name is under attack, and an address that has
   * itself failed for it `ownFailures` times is refused. An address without failures of its own
   * (the owner's) still gets in: strangers are slowed down, the owner is not locked out.
   */
  perName: { attempts: 100, windowSeconds: 60 * 60, ownFailures: 3 },
} as const;

/** The user name as login looks it up: trimmed and lower-case, so " User" is "user". */
export const loginLimitName = (username: unknown) =>
  typeof username === 'string' ? username.trim().toLowerCase() : '';

export interface LoginAttempt {
  /** loginLimitName of the name tried. */
  name: string;
  /** The client's address (req.ip: X-Forwarded-For only from a trusted proxy). */
  address: string;
}

// No user name (an e-mail address) in a Redis key, and no key as long as a body could make it.
const nameKey = (name: string) => createHash('sha256').update(name).digest('base64url');
const pairKey = ({ name, address }: LoginAttempt) => `${nameKey(name)}|${address}`;

/** The three login counts of LOGIN_LIMITS (rate-limiter-flexible over the backend's Redis). */
@Injectable()
export class LoginLimits {
  private readonly byPair: RateLimiterRedis;
  private readonly byAddress: RateLimiterRedis;
  private readonly byName: RateLimiterRedis;

  constructor(redis: RedisService) {
    const counter = (keyPrefix: string, limit: { attempts: number; windowSeconds: number }) =>
      new RateLimiterRedis({
        storeClient: redis.client,
        keyPrefix,
        points: limit.attempts,
        duration: limit.windowSeconds,
      });
    this.byPair = counter('login-pair', LOGIN_LIMITS.perNameAndAddress);
    this.byAddress = counter('login-address', LOGIN_LIMITS.perAddress);
    this.byName = counter('login-name', LOGIN_LIMITS.perName);
  }

  /**
   * Counts an attempt before its password is checked, so parallel guesses meet the limits too.
   * Returns 0 when it may go on, else the milliseconds until it would be let through.
   */
  async begin(attempt: LoginAttempt): Promise<number> {
    const [pair, address, name] = await Promise.all([
      this.byPair.penalty(pairKey(attempt)),
      this.byAddress.penalty(attempt.address),
      this.byName.penalty(nameKey(attempt.name)),
    ]);
    const waits: number[] = [];
    if (pair.consumedPoints > LOGIN_LIMITS.perNameAndAddress.attempts) {
      waits.push(pair.msBeforeNext);
      BACKEND_METRICS.loginLimitsHit.inc({ limit: 'name_address' });
    }
    if (address.consumedPoints > LOGIN_LIMITS.perAddress.attempts) {
      waits.push(address.msBeforeNext);
      BACKEND_METRICS.loginLimitsHit.inc({ limit: 'address' });
    }
    // consumedPoints counts this attempt: more than ownFailures means that many before it.
    if (
      name.consumedPoints > LOGIN_LIMITS.perName.attempts &&
      pair.consumedPoints > LOGIN_LIMITS.perName.ownFailures
    ) {
      waits.push(Math.min(name.msBeforeNext, pair.msBeforeNext));
      BACKEND_METRICS.loginLimitsHit.inc({ limit: 'name' });
    }
    return waits.length ? Math.max(1, ...waits) : 0;
  }

  /** The right password: the attempt does not count, and this address's failures at the name are forgotten. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await Promise.all([
      this.byPair.delete(pairKey(attempt)),
      this.byAddress.reward(attempt.address),
      this.byName.reward(nameKey(attempt.name)),
    ]);
  }

  /** Neither right nor wrong (a bad request, an error of ours): the attempt does not count. */
  async uncounted(attempt: LoginAttempt): Promise<void> {
    await Promise.all([
      this.byPair.reward(pairKey(attempt)),
      this.byAddress.reward(attempt.address),
      this.byName.reward(nameKey(attempt.name)),
    ]);
  }
}
