import { Injectable } from '@nestjs/common';
import { storeKey } from '@store-cloud/contracts';
import type { PortalConnection, SiteLoginRequestEntry } from '@store-cloud/contracts';
import { ConfigService } from '../../config/config.service';
import { RedisService } from '../redis';

const CONNECTIONS_KEY = 'portalConnections';
const LOGIN_REQUESTS_KEY = 'siteLoginRequests';
/** Connections an administrator closed, by cid: the portal tells its user why (issue 30). */
const closedByAdminKey = (cid: string) => `siteClosedByAdmin:${cid}`;
/** Longer than any site token lives, so the holder's next call still finds the reason. */
const CLOSE_REASON_TTL_S = 24 * 60 * 60;

/** A portal connection as stored: the list entry plus what the sweeps and tokens need. */
export interface StoredConnection extends PortalConnection {
  /** Changes with every siteconnect, so tokens of a closed or taken-over connection stay closed. */
  cid: string;
  /** ISO time of the siteconnect (Home shows it to the other users of the store). */
  since: string;
  /** ISO time of the last call or heartbeat (peek): the abandon rule (SITE_ABANDON_MS). */
  lastSeen: string;
}

/** One connection per store (DESIGN §4 Store sessions): the field is the store's key. */
export const connectionField = (company: number, store: number) => storeKey(company, store);
const loginField = (company: number, store: number, user: string) =>
  `${storeKey(company, store)}:${user}`;

/*
 * Every script that ends a connection (a close, the idle sweep, a takeover's new cid) publishes
 * the store's field on the closed channel (the last ARGV) in the same step, so the nodes that
 * keep connections they know open (LastAccessedThrottle) forget them at once (issue 15).
 */

/**
 * Opens a store's connection unless another user holds it; the holder's own open connection
 * is replaced (a takeover: the new cid refuses the old tokens). Answers '' or the holder's entry.
 */
const OPEN = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if raw then
  local ok, current = pcall(cjson.decode, raw)
  if ok and type(current) == 'table' and current.user ~= ARGV[2] then return raw end
  redis.call('PUBLISH', ARGV[4], ARGV[1])
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return ''`;

/** Sets a field only while it still holds what was read (a close between read and write wins). */
const COMPARE_AND_SET = `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  if ARGV[3] == '' then
    redis.call('HDEL', KEYS[1], ARGV[1])
    redis.call('PUBLISH', ARGV[4], ARGV[1])
  else redis.call('HSET', KEYS[1], ARGV[1], ARGV[3]) end
  return 1
end
return 0`;

/** Removes a store's connection when it is the given user's (ARGV[2]) or connection (ARGV[3]). */
const CLOSE_IF = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
local ok, current = pcall(cjson.decode, raw)
if ok and type(current) == 'table' then
  if ARGV[2] ~= '' and current.user ~= ARGV[2] then return 0 end
  if ARGV[3] ~= '' and current.cid ~= ARGV[3] then return 0 end
end
redis.call('PUBLISH', ARGV[4], ARGV[1])
return redis.call('HDEL', KEYS[1], ARGV[1])`;

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
  /** Where the scripts publish the field of every connection they end. */
  readonly closedChannel: string;
  /** This process's own closes, told at once (the note on the channel follows). */
  private readonly closedListeners: Array<(field: string) => void> = [];

  constructor(
    private readonly redis: RedisService,
    config: ConfigService,
  ) {
    // Channels are not prefixed by ioredis' keyPrefix: name the stack's own.
    this.closedChannel = `${config.get('redisPrefix')}:portal-connection-closed`;
  }

  /** Called with the store's field (storeKey) whenever this process ends its connection. */
  onClosed(listener: (field: string) => void) {
    this.closedListeners.push(listener);
  }

  private tellClosed(f: string) {
    for (const listener of this.closedListeners) listener(f);
  }

  /** Opens (or takes over) the store's connection; the holder's entry when another user has it. */
  async open(
    connection: StoredConnection,
  ): Promise<{ opened: true } | { opened: false; heldBy: StoredConnection }> {
    const { company, store, user } = connection;
    const held = (await this.redis.client.eval(
      OPEN,
      1,
      CONNECTIONS_KEY,
      connectionField(company, store),
      user,
      JSON.stringify(connection),
      this.closedChannel,
    )) as string;
    const heldBy = held ? parse(held) : undefined;
    if (heldBy) return { opened: false, heldBy };
    this.tellClosed(connectionField(company, store));
    return { opened: true };
  }

  async get(company: number, store: number): Promise<StoredConnection | undefined> {
    const raw = await this.redis.client.hget(CONNECTIONS_KEY, connectionField(company, store));
    return raw ? parse(raw) : undefined;
  }

  /**
   * Records a call (lastAccessed and lastSeen) or, for a peek, only the heartbeat (lastSeen) when
   * the store's connection is still the one with this cid; false once it is closed or taken over.
   */
  async touch(company: number, store: number, cid: string, at: Date, { peek = false } = {}) {
    const key = connectionField(company, store);
    for (let attempt = 0; attempt < 3; attempt++) {
      const raw = await this.redis.client.hget(CONNECTIONS_KEY, key);
      const current = raw ? parse(raw) : undefined;
      if (!raw || !current || current.cid !== cid) return false;
      const now = at.toISOString();
      const next = JSON.stringify({
        ...current,
        lastSeen: now,
        ...(peek ? {} : { lastAccessed: now }),
      });
      if (await this.compareAndSet(key, raw, next)) return true;
    }
    // Touched by a parallel call meanwhile: open as long as it is still this connection.
    return (await this.get(company, store))?.cid === cid;
  }

  /** Whether the store's connection is still the one with this cid (a read, no write). */
  async isOpen(company: number, store: number, cid: string): Promise<boolean> {
    return (await this.get(company, store))?.cid === cid;
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

  /**
   * Closes a store's connection: any, only the given user's, or only the given connection's.
   * Returns how many it closed (0 or 1).
   */
  async close(
    company: number,
    store: number,
    only: { user?: string; cid?: string } = {},
  ): Promise<number> {
    const f = connectionField(company, store);
    const closed = (await this.redis.client.eval(
      CLOSE_IF,
      1,
      CONNECTIONS_KEY,
      f,
      only.user ?? '',
      only.cid ?? '',
      this.closedChannel,
    )) as number;
    if (closed) this.tellClosed(f);
    return closed;
  }

  /** Closes the user's connections to the stores `keep` refuses; the stores it closed. */
  async closeForUser(
    user: string,
    keep: (company: number, store: number) => boolean = () => false,
  ): Promise<StoredConnection[]> {
    const closed: StoredConnection[] = [];
    for (const { connection } of await this.listRaw()) {
      if (connection.user !== user || keep(connection.company, connection.store)) continue;
      if (await this.close(connection.company, connection.store, { cid: connection.cid }))
        closed.push(connection);
    }
    return closed;
  }

  /** Notes that an administrator is closing the connection `cid` (before the close itself). */
  async noteClosedByAdmin(cid: string): Promise<void> {
    await this.redis.client.set(closedByAdminKey(cid), '1', 'EX', CLOSE_REASON_TTL_S);
  }

  /** Whether an administrator closed the connection `cid` (otherwise it timed out or was left). */
  async wasClosedByAdmin(cid: string): Promise<boolean> {
    return (await this.redis.client.exists(closedByAdminKey(cid))) === 1;
  }

  /** Removes a connection only if it was not touched since it was read (the idle sweep). */
  async closeIfUnchanged(f: string, raw: string): Promise<boolean> {
    const closed = await this.compareAndSet(f, raw, '');
    if (closed) this.tellClosed(f);
    return closed;
  }

  /** The storeKey of every store with an open connection. */
  async connectedStores(): Promise<Set<string>> {
    const fields = await this.redis.client.hkeys(CONNECTIONS_KEY);
    return new Set(fields.map((f) => f.split(':').slice(0, 2).join(':')));
  }

  /** Who holds each connected store's connection, and since when, by storeKey. */
  async holders(): Promise<Map<string, { user: string; since: string }>> {
    return new Map(
      (await this.listRaw()).map(({ connection: c }) => [
        storeKey(c.company, c.store),
        { user: c.user, since: c.since ?? c.lastAccessed },
      ]),
    );
  }

  async addLoginRequest(entry: SiteLoginRequestEntry): Promise<void> {
    await this.redis.client.hset(
      LOGIN_REQUESTS_KEY,
      loginField(entry.company, entry.store, entry.user),
      JSON.stringify(entry),
    );
  }

  async removeLoginRequest(company: number, store: number, user: string): Promise<void> {
    await this.redis.client.hdel(LOGIN_REQUESTS_KEY, loginField(company, store, user));
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
      this.closedChannel,
    );
    return changed === 1;
  }
}
