import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { type StorePingEntry, storePingEntrySchema, storeKey } from '@store-cloud/contracts';
import type Redis from 'ioredis';
import { ConfigService } from '../../config/config.service';
import { RedisService } from '../redis';

const LIST_KEY = 'storePingList';

/**
 * A change of who is online, as every backend node's OnlineStoresView applies it: the store
 * (storeKey) came online or changed its version, or left the list.
 */
export type OnlineChange = { k: string; v: string } | { k: string; gone: true };

/**
 * Writes the entries of a batch of pings and, for each store that was not in the list or whose
 * version changed, publishes the change (ARGV[1] is the channel) in the same step, so the notes
 * follow the hash in its order. ARGV: channel, then field, entry, version, ... Answers, per
 * store, 1 when it was not in the list (it just came online), else 0.
 */
const RECORD_PINGS = `
local added = {}
for i = 2, #ARGV, 3 do
  local old = redis.call('HGET', KEYS[1], ARGV[i])
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  local changed = not old
  if old then
    local ok, e = pcall(cjson.decode, old)
    changed = not ok or type(e) ~= 'table' or e.tentacleVersion ~= ARGV[i + 2]
  end
  if changed then
    redis.call('PUBLISH', ARGV[1], cjson.encode({k = ARGV[i], v = ARGV[i + 2]}))
  end
  added[#added + 1] = old and 0 or 1
end
return added`;

/**
 * Pings that arrive within this long of each other are written in one script call: at 20,000
 * stores that is some 4,000 pings a second, and a Redis command each cost the node's one event
 * loop more than the rest of the ping (issue 15). The acknowledgement waits for the write.
 */
export const PING_BATCH_MS = 20;
/** A batch's pings are answered this many at a time, with other work let in between. */
const ANSWER_SLICE = 64;

/**
 * Replaces or deletes fields only where they still hold what the checker read, so a ping that
 * lands between the read and the write is never overwritten; publishes each deletion on the
 * channel (ARGV[1]). ARGV: channel, then op, field, old, new, ... Answers the fields it changed.
 */
const COMPARE_AND_SET = `
local changed = {}
for i = 2, #ARGV, 4 do
  if redis.call('HGET', KEYS[1], ARGV[i + 1]) == ARGV[i + 2] then
    if ARGV[i] == 'del' then
      redis.call('HDEL', KEYS[1], ARGV[i + 1])
      redis.call('PUBLISH', ARGV[1], cjson.encode({k = ARGV[i + 1], gone = true}))
    else redis.call('HSET', KEYS[1], ARGV[i + 1], ARGV[i + 3]) end
    changed[#changed + 1] = ARGV[i + 1]
  end
end
return changed`;

export type PingListChange =
  | { op: 'set'; raw: string; next: StorePingEntry }
  | { op: 'del'; raw: string; entry: StorePingEntry };

type WithRecordPings = Redis & {
  storeRecordPings(key: string, channel: string, ...fieldEntryVersion: string[]): Promise<number[]>;
};

/**
 * Told once a ping's entry is in Redis (added: the store was not in the list) or could not be
 * written. A plain callback, not a promise: with the request log's AsyncLocalStorage on, every
 * promise runs async hooks, and at some 4,000 pings a second the ping path made three (issue 31).
 */
export type PingWritten = (error: unknown, added: boolean) => void;

/** A store's newest ping of the batch being gathered, and who waits for it to be written. */
interface PendingPing {
  entry: string;
  version: string;
  /** One waiter (nearly always), or several when the store pinged twice within the batch. */
  waiters: PingWritten | PingWritten[];
}

/** The online list (storePingList) in one Redis hash, shared by every backend node. */
@Injectable()
export class StorePingListRepository implements OnModuleDestroy {
  /** The channel of the list's changes (OnlineChange as JSON). */
  readonly channel: string;
  private readonly client: WithRecordPings;
  /** The pings of the batch being gathered, by storeKey (a store's newer ping replaces its older). */
  private batch = new Map<string, PendingPing>();
  private flushTimer?: NodeJS.Timeout;
  private flushSoon?: NodeJS.Immediate;
  /** This process's own changes, applied to its view at once (the note follows on the channel). */
  private readonly listeners: Array<(change: OnlineChange) => void> = [];

  constructor(
    private readonly redis: RedisService,
    config: ConfigService,
  ) {
    this.channel = onlineChangesChannel(config);
    this.client = redis.client as WithRecordPings;
    // EVALSHA after the first call: the script is not sent with each batch.
    this.client.defineCommand('storeRecordPings', { numberOfKeys: 1, lua: RECORD_PINGS });
  }

  onLocalChange(listener: (change: OnlineChange) => void) {
    this.listeners.push(listener);
  }

  /**
   * Writes the store's entry with the next batch; true when the store was not in the list (it
   * just came online). Resolves once the entry is in Redis. `soon`: the batch goes at the end of
   * this turn of the event loop instead of after PING_BATCH_MS (a store that just connected,
   * which a portal may want to connect to at once).
   */
  recordPing(
    companyId: number,
    storeId: number,
    tentacleVersion: string,
    at: Date,
    { soon = false } = {},
  ): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.recordPingThen(companyId, storeId, tentacleVersion, at, soon, (error, added) =>
        error ? reject(error) : resolve(added),
      );
    });
  }

  /** recordPing, with a callback instead of a promise (the ping path: PingWritten). */
  recordPingThen(
    companyId: number,
    storeId: number,
    tentacleVersion: string,
    at: Date,
    soon: boolean,
    written: PingWritten,
  ): void {
    const k = storeKey(companyId, storeId);
    const entry = pingEntryText(companyId, storeId, tentacleVersion, at);
    const pending = this.batch.get(k);
    if (pending) {
      pending.entry = entry;
      pending.version = tentacleVersion;
      pending.waiters = [
        ...(typeof pending.waiters === 'function' ? [pending.waiters] : pending.waiters),
        written,
      ];
    } else {
      this.batch.set(k, { entry, version: tentacleVersion, waiters: written });
    }
    if (soon) this.flushSoon ??= setImmediate(() => void this.flush());
    else this.flushTimer ??= setTimeout(() => void this.flush(), PING_BATCH_MS);
  }

  /**
   * Writes the pings gathered so far now. A store whose socket closed is dropped after this, or
   * its last ping, still waiting for the batch, would put it back online after the drop.
   */
  async flushPending(): Promise<void> {
    if (this.batch.size) await this.flush();
  }

  /** The pings gathered so far are written before Redis closes (its quit waits for them). */
  onModuleDestroy() {
    if (this.batch.size) void this.flush();
  }

  /** Writes the gathered pings in one script call and answers everyone waiting for them. */
  private async flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    clearImmediate(this.flushSoon);
    this.flushTimer = undefined;
    this.flushSoon = undefined;
    const batch = this.batch;
    if (!batch.size) return;
    this.batch = new Map();
    const args: string[] = new Array<string>(3 * batch.size);
    let a = 0;
    for (const [k, p] of batch) {
      args[a++] = k;
      args[a++] = p.entry;
      args[a++] = p.version;
    }
    let added: number[];
    try {
      added = await this.client.storeRecordPings(LIST_KEY, this.channel, ...args);
    } catch (error) {
      for (const p of batch.values()) answer(p.waiters, error, false);
      return;
    }
    let i = 0;
    for (const [k, p] of batch) {
      this.tell({ k, v: p.version });
      answer(p.waiters, undefined, added[i++] === 1);
      // Each answer is an acknowledgement written to a socket: after a pause (a garbage
      // collection) a batch holds hundreds, so let other work (a status call) in between slices.
      if (i % ANSWER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async get(companyId: number, storeId: number): Promise<StorePingEntry | undefined> {
    const raw = await this.redis.client.hget(LIST_KEY, storeKey(companyId, storeId));
    return raw ? parse(raw) : undefined;
  }

  /** The entries of the given stores (by storeKey); a store not in the list has none. */
  async getMany(keys: string[]): Promise<Map<string, StorePingEntry>> {
    const found = new Map<string, StorePingEntry>();
    if (!keys.length) return found;
    const raws = await this.redis.client.hmget(LIST_KEY, ...keys);
    raws.forEach((raw, i) => {
      const entry = raw ? parse(raw) : undefined;
      if (entry) found.set(keys[i]!, entry);
    });
    return found;
  }

  /** One entry with its exact stored text, for a conditional change. */
  async getRaw(companyId: number, storeId: number) {
    const raw = await this.redis.client.hget(LIST_KEY, storeKey(companyId, storeId));
    const entry = raw ? parse(raw) : undefined;
    return raw && entry ? { raw, entry } : undefined;
  }

  /** Every entry with the exact stored text, which compareAndSet needs. */
  async listRaw(): Promise<Array<{ raw: string; entry: StorePingEntry }>> {
    const all = await this.redis.client.hgetall(LIST_KEY);
    return Object.values(all).flatMap((raw) => {
      const entry = parse(raw);
      return entry ? [{ raw, entry }] : [];
    });
  }

  /**
   * The version of every store in the list, by storeKey (what the status needs). Read in slices
   * (HSCAN), each parsed before the next is asked for: with 20,000 stores one HGETALL parsed at
   * once held the event loop for some 80 ms, which every ping and status call waited for. A
   * store may be seen twice while the list changes; the newer read wins, and the view applies
   * the changes noted meanwhile on top.
   */
  async versions(): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    let cursor = '0';
    do {
      const [next, flat] = await this.redis.client.hscan(LIST_KEY, cursor, 'COUNT', VERSIONS_SLICE);
      cursor = next;
      for (let i = 0; i < flat.length; i += 2) {
        const version = versionOf(flat[i + 1]!);
        if (version !== undefined) found.set(flat[i]!, version);
      }
    } while (cursor !== '0');
    return found;
  }

  /** Who is online (storeKeys), without the entries: the alerts sweep's look each round. */
  keys(): Promise<string[]> {
    return this.redis.client.hkeys(LIST_KEY);
  }

  async list(): Promise<StorePingEntry[]> {
    return (await this.listRaw()).map((e) => e.entry);
  }

  async applyChanges(changes: PingListChange[]): Promise<number> {
    if (!changes.length) return 0;
    const args = changes.flatMap((c) => {
      const f = keyOf(c.op === 'set' ? c.next : c.entry);
      return c.op === 'set' ? ['set', f, c.raw, JSON.stringify(c.next)] : ['del', f, c.raw, ''];
    });
    const changed = (await this.redis.client.eval(
      COMPARE_AND_SET,
      1,
      LIST_KEY,
      this.channel,
      ...args,
    )) as string[];
    const deleted = new Set(changes.filter((c) => c.op === 'del').map((c) => keyOf(c.entry)));
    for (const k of changed) if (deleted.has(k)) this.tell({ k, gone: true });
    return changed.length;
  }

  private tell(change: OnlineChange) {
    for (const listener of this.listeners) listener(change);
  }
}

function answer(waiters: PingWritten | PingWritten[], error: unknown, added: boolean) {
  if (typeof waiters === 'function') waiters(error, added);
  else for (const w of waiters) w(error, added);
}

/**
 * A ping's StorePingEntry as JSON, as JSON.stringify writes it (same keys in the same order),
 * without building the object first: one string per ping instead of two objects and their
 * serialization (issue 31). The ids are integers (the handshake checks them).
 */
export function pingEntryText(company: number, store: number, version: string, at: Date): string {
  return `{"enterprise":{"company":${company},"store":${store}},"datetime":"${at.toISOString()}","tentacleVersion":${JSON.stringify(version)},"noPingCounter":0}`;
}

const keyOf = (e: StorePingEntry) => storeKey(e.enterprise.company, e.enterprise.store);

/** The Redis channel of the online list's changes; REDIS_PREFIX keeps stacks apart. */
export const onlineChangesChannel = (config: ConfigService) =>
  `${config.get('redisPrefix')}:online-stores`;

/** Entries a slice of versions() asks Redis for. */
const VERSIONS_SLICE = 1000;

/** The tentacle version of a stored entry; undefined when it is not an entry. */
function versionOf(raw: string): string | undefined {
  try {
    const version = (JSON.parse(raw) as Partial<StorePingEntry> | null)?.tentacleVersion;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

function parse(raw: string): StorePingEntry | undefined {
  try {
    const result = storePingEntrySchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
