import type { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type Redis from 'ioredis';

/** Who holds a lock: this process, told apart from its restarts and from other nodes. */
export const LOCK_HOLDER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Whether the holder of `owner` (a lock value) is known to have stopped, without waiting for
 * its lock or heartbeat to expire: an earlier run of this process (same host and pid, another
 * token: a restarted container), or a process of this host that no longer exists. A holder on
 * another host is never judged here (nodes must have distinct host names).
 */
export function holderIsGone(owner: string): boolean {
  const parts = owner.split(':');
  if (parts.length < 4) return false;
  const [pidText, token] = parts.slice(-3, -1);
  const host = parts.slice(0, -3).join(':');
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (`${host}:${pid}:${token}` === LOCK_HOLDER) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Deletes the key only while it still holds this owner's value (never a later owner's lock). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
/** Extends the key only while it still holds this owner's value. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

/**
 * Deletes `key` when its holder is known to have stopped (holderIsGone): a crashed process's
 * lock need not be waited out. True when it was deleted.
 */
export async function breakLockOfGoneHolder(
  redis: Redis,
  key: string,
  logger?: Logger,
): Promise<boolean> {
  const holder = await redis.get(key);
  if (!holder || !holderIsGone(holder)) return false;
  const deleted = (await redis.eval(RELEASE, 1, key, holder)) === 1;
  if (deleted) logger?.warn(`Lock ${key} of a stopped process (${holder}) released`);
  return deleted;
}

/** A lock this process took; `release` is safe to call more than once. */
export interface OwnedLock {
  /** The value stored under the key: holder and a random token. */
  readonly owner: string;
  /** False once a renewal found the key gone or taken by someone else. */
  held(): boolean;
  release(): Promise<void>;
}

/**
 * Takes `key` for this process if nobody holds it (SET NX with a short TTL) and keeps it alive
 * with a heartbeat every third of the TTL, so a holder that dies (kill -9) lets go within one
 * TTL. Release and renewal compare the owner atomically in Lua: a lock that expired and was
 * taken by another node is never extended or deleted by the old holder.
 */
export async function acquireOwnedLock(
  redis: Redis,
  key: string,
  options: { ttlMs: number; logger?: Logger; onBeat?: () => Promise<unknown> },
): Promise<OwnedLock | undefined> {
  const owner = `${LOCK_HOLDER}:${randomUUID()}`;
  if ((await redis.set(key, owner, 'PX', options.ttlMs, 'NX')) !== 'OK') return undefined;
  let held = true;
  let stopped = false;
  const timer = setInterval(
    () => {
      void (async () => {
        try {
          const renewed = await redis.eval(RENEW, 1, key, owner, String(options.ttlMs));
          if (renewed !== 1 && !stopped) {
            held = false;
            options.logger?.warn(`Lock ${key} was lost (expired or taken by another holder)`);
          }
          if (!stopped) await options.onBeat?.();
        } catch (error) {
          options.logger?.warn(`Lock ${key} heartbeat failed: ${(error as Error).message}`);
        }
      })();
    },
    Math.max(50, Math.floor(options.ttlMs / 3)),
  );
  timer.unref();
  return {
    owner,
    held: () => held,
    release: async () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await redis.eval(RELEASE, 1, key, owner);
    },
  };
}
