import { Injectable } from '@nestjs/common';
import { type StorePingEntry, storePingEntrySchema, storeKey } from '@store-cloud/contracts';
import type Redis from 'ioredis';
import { ConfigService } from '../../config/config.service';
import { RedisService } from '../redis/redis.service';

const LIST_KEY = 'storePingList';

/**
 * A change of who is online, as every backend node's OnlineStoresView applies it: the store
 * (storeKey) came online or changed its version, or left the list.
 */
export type OnlineChange = { k: string; v: string } | { k: string; gone: true };

/**
 * Writes a store's entry and, when it was not in the list or its version changed, publishes the
 * change (ARGV[4] is the channel) in the same step, so the notes follow the hash in its order.
 * ARGV: field, entry, version, channel. Answers 1 when the store was not in the list.
 */
const RECORD_PING = `
local old = redis.call('HGET', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
local changed = not old
if old then
  local ok, e = pcall(cjson.decode, old)
  changed = not ok or type(e) ~= 'table' or e.tentacleVersion ~= ARGV[3]
end
if changed then redis.call('PUBLISH', ARGV[4], cjson.encode({k = ARGV[1], v = ARGV[3]})) end
if old then return 0 end
return 1`;

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

type WithRecordPing = Redis & {
  storeRecordPing(
    key: string,
    field: string,
    entry: string,
    v: string,
    ch: string,
  ): Promise<number>;
};

/** The online list (storePingList) in one Redis hash, shared by every backend node. */
@Injectable()
export class StorePingListRepository {
  /** The channel of the list's changes (OnlineChange as JSON). */
  readonly channel: string;
  private readonly client: WithRecordPing;
  /** This process's own changes, applied to its view at once (the note follows on the channel). */
  private readonly listeners: Array<(change: OnlineChange) => void> = [];

  constructor(
    private readonly redis: RedisService,
    config: ConfigService,
  ) {
    this.channel = onlineChangesChannel(config);
    this.client = redis.client as WithRecordPing;
    // EVALSHA after the first call: the script is not sent with each ping.
    this.client.defineCommand('storeRecordPing', { numberOfKeys: 1, lua: RECORD_PING });
  }

  onLocalChange(listener: (change: OnlineChange) => void) {
    this.listeners.push(listener);
  }

  /** Writes the store's entry; true when the store was not in the list (it just came online). */
  async recordPing(
    companyId: number,
    storeId: number,
    tentacleVersion: string,
    at: Date,
  ): Promise<boolean> {
    const entry: StorePingEntry = {
      enterprise: { company: companyId, store: storeId },
      datetime: at.toISOString(),
      tentacleVersion,
      noPingCounter: 0,
    };
    const k = storeKey(companyId, storeId);
    const added = await this.client.storeRecordPing(
      LIST_KEY,
      k,
      JSON.stringify(entry),
      tentacleVersion,
      this.channel,
    );
    this.tell({ k, v: tentacleVersion });
    return added > 0;
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

  /** The version of every store in the list, by storeKey (what the status needs). */
  async versions(): Promise<Map<string, string>> {
    return new Map(
      (await this.listRaw()).map(({ entry: e }) => [
        storeKey(e.enterprise.company, e.enterprise.store),
        e.tentacleVersion,
      ]),
    );
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

const keyOf = (e: StorePingEntry) => storeKey(e.enterprise.company, e.enterprise.store);

/** The Redis channel of the online list's changes; REDIS_PREFIX keeps stacks apart. */
export const onlineChangesChannel = (config: ConfigService) =>
  `${config.get('redisPrefix')}:online-stores`;

function parse(raw: string): StorePingEntry | undefined {
  try {
    const result = storePingEntrySchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
