import { Injectable } from '@nestjs/common';
import { type StorePingEntry, storePingEntrySchema, storeKey } from '@store-cloud/contracts';
import { RedisService } from '../redis/redis.service';

const LIST_KEY = 'storePingList';

/**
 * Replaces or deletes fields only where they still hold what the checker read, so a ping that
 * lands between the read and the write is never overwritten. ARGV: op, field, old, new, ...
 */
const COMPARE_AND_SET = `
local changed = 0
for i = 1, #ARGV, 4 do
  if redis.call('HGET', KEYS[1], ARGV[i + 1]) == ARGV[i + 2] then
    if ARGV[i] == 'del' then redis.call('HDEL', KEYS[1], ARGV[i + 1])
    else redis.call('HSET', KEYS[1], ARGV[i + 1], ARGV[i + 3]) end
    changed = changed + 1
  end
end
return changed`;

export type PingListChange =
  | { op: 'set'; raw: string; next: StorePingEntry }
  | { op: 'del'; raw: string; entry: StorePingEntry };

/** The online list (storePingList) in one Redis hash, shared by every backend node. */
@Injectable()
export class StorePingListRepository {
  constructor(private readonly redis: RedisService) {}

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
    const added = await this.redis.client.hset(
      LIST_KEY,
      storeKey(companyId, storeId),
      JSON.stringify(entry),
    );
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

  async list(): Promise<StorePingEntry[]> {
    return (await this.listRaw()).map((e) => e.entry);
  }

  async applyChanges(changes: PingListChange[]): Promise<number> {
    if (!changes.length) return 0;
    const args = changes.flatMap((c) => {
      const e = c.op === 'set' ? c.next : c.entry;
      const f = storeKey(e.enterprise.company, e.enterprise.store);
      return c.op === 'set' ? ['set', f, c.raw, JSON.stringify(c.next)] : ['del', f, c.raw, ''];
    });
    return (await this.redis.client.eval(COMPARE_AND_SET, 1, LIST_KEY, ...args)) as number;
  }

  /** A lock for one node's periodic check; true when this caller got it. */
}

function parse(raw: string): StorePingEntry | undefined {
  try {
    const result = storePingEntrySchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
