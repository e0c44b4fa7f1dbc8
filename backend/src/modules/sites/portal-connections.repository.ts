import { Injectable } from '@nestjs/common';
import type { PortalConnection, SiteLoginRequestEntry } from '@store-cloud/contracts';
import { RedisService } from '../redis/redis.service';
import { storeKey } from '../redis/store-key';

const CONNECTIONS_KEY = 'portalConnections';
const LOGIN_REQUESTS_KEY = 'siteLoginRequests';

/** A portal connection as stored: the list entry plus the id its site tokens carry. */
export interface StoredConnection extends PortalConnection {
  /** Changes with every siteconnect, so tokens of a closed connection stay closed. */
  cid: string;
}

const field = (company: number, store: number, user: string) =>
  `${storeKey(company, store)}:${user}`;
const storePrefix = (company: number, store: number) => `${storeKey(company, store)}:`;

/** Sets a field only while it still holds what was read (a close between read and write wins). */
const COMPARE_AND_SET = `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  if ARGV[3] == '' then redis.call('HDEL', KEYS[1], ARGV[1])
  else redis.call('HSET', KEYS[1], ARGV[1], ARGV[3]) end
  return 1
end
return 0`;

function parse(raw: string): StoredConnection | undefined {
  try {
    return JSON.parse(raw) as StoredConnection;
  } catch {
    return undefined;
  }
}

/**
 * The portal connections (spec §3 portalConnectionsList) and site logins in progress
 * (loginRequestList), in Redis hashes so every backend node sees the same lists.
 */
@Injectable()
export class PortalConnectionsRepository {
  constructor(private readonly redis: RedisService) {}

  async open(connection: StoredConnection): Promise<void> {
    const { company, store, user } = connection;
    await this.redis.client.hset(
      CONNECTIONS_KEY,
      field(company, store, user),
      JSON.stringify(connection),
    );
  }

  async get(company: number, store: number, user: string): Promise<StoredConnection | undefined> {
    const raw = await this.redis.client.hget(CONNECTIONS_KEY, field(company, store, user));
    return raw ? parse(raw) : undefined;
  }

  /** Moves lastAccessed on when the connection is still the one with this cid; false if closed. */
  async touch(company: number, store: number, user: string, cid: string, at: Date) {
    const key = field(company, store, user);
    const raw = await this.redis.client.hget(CONNECTIONS_KEY, key);
    const current = raw ? parse(raw) : undefined;
    if (!raw || !current || current.cid !== cid) return false;
    const next = JSON.stringify({ ...current, lastAccessed: at.toISOString() });
    return (
      (await this.compareAndSet(key, raw, next)) ||
      this.get(company, store, user).then((c) => c?.cid === cid)
    );
  }

  async listRaw(): Promise<Array<{ field: string; raw: string; connection: StoredConnection }>> {
    const all = await this.redis.client.hgetall(CONNECTIONS_KEY);
    return Object.entries(all).flatMap(([f, raw]) => {
      const connection = parse(raw);
      return connection ? [{ field: f, raw, connection }] : [];
    });
  }

  async list(): Promise<PortalConnection[]> {
    return (await this.listRaw())
      .map(({ connection: { company, store, user, lastAccessed } }) => ({
        company,
        store,
        user,
        lastAccessed,
      }))
      .sort((a, b) => a.company - b.company || a.store - b.store || a.user.localeCompare(b.user));
  }

  /** Closes one user's connection to a store, or every connection to it. Returns how many. */
  async close(company: number, store: number, user?: string): Promise<number> {
    if (user !== undefined) {
      return this.redis.client.hdel(CONNECTIONS_KEY, field(company, store, user));
    }
    const fields = Object.keys(await this.redis.client.hgetall(CONNECTIONS_KEY)).filter((f) =>
      f.startsWith(storePrefix(company, store)),
    );
    return fields.length ? this.redis.client.hdel(CONNECTIONS_KEY, ...fields) : 0;
  }

  /** Removes a connection only if it was not touched since it was read (the idle sweep). */
  async closeIfUnchanged(f: string, raw: string): Promise<boolean> {
    return this.compareAndSet(f, raw, '');
  }

  /** The storeKey of every store with at least one open connection. */
  async connectedStores(): Promise<Set<string>> {
    const fields = await this.redis.client.hkeys(CONNECTIONS_KEY);
    return new Set(fields.map((f) => f.split(':').slice(0, 2).join(':')));
  }

  async addLoginRequest(entry: SiteLoginRequestEntry): Promise<void> {
    await this.redis.client.hset(
      LOGIN_REQUESTS_KEY,
      field(entry.company, entry.store, entry.user),
      JSON.stringify(entry),
    );
  }

  async removeLoginRequest(company: number, store: number, user: string): Promise<void> {
    await this.redis.client.hdel(LOGIN_REQUESTS_KEY, field(company, store, user));
  }

  async loginRequests(): Promise<SiteLoginRequestEntry[]> {
    const all = await this.redis.client.hgetall(LOGIN_REQUESTS_KEY);
    return Object.values(all).map((raw) => JSON.parse(raw) as SiteLoginRequestEntry);
  }

  private async compareAndSet(f: string, expected: string, next: string): Promise<boolean> {
    const changed = await this.redis.client.eval(
      COMPARE_AND_SET,
      1,
      CONNECTIONS_KEY,
      f,
      expected,
      next,
    );
    return changed === 1;
  }
}
