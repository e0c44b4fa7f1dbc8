/**
 * A store's presence as the alerts sweep follows it (issue 26): online or offline since when,
 * when it was last seen, and its recent transitions (flapping). Pure: the sweep feeds it the
 * online list and the time, and writes what changed.
 */
export interface Presence {
  companyId: number;
  storeId: number;
  online: boolean;
  /** ms: since when it is in that state. */
  since: number;
  /** ms: the last time it was seen online; null: never since it was watched. */
  lastSeenAt: number | null;
  /** ms of each change between online and offline, oldest first. */
  transitions: number[];
}

/** Transitions older than this are forgotten (the longest flapping window a rule may have). */
export const TRANSITIONS_KEPT_MS = 24 * 3_600_000;
const TRANSITIONS_KEPT_MAX = 200;

/**
 * Follows presences between sweeps. A store that left the online list counts as offline only
 * once it stayed away for `settleMs`, from the moment it was first missed: a Redis flush (every
 * store gone until its next ping) is then neither an offline spell nor a flap.
 */
export class PresenceTracker {
  private readonly presences = new Map<string, Presence>();
  /** When each store that is online on record was first missed from the list. */
  private readonly missedSince = new Map<string, number>();

  constructor(private readonly settleMs: number) {}

  get size(): number {
    return this.presences.size;
  }

  get(key: string): Presence | undefined {
    return this.presences.get(key);
  }

  values(): IterableIterator<Presence> {
    return this.presences.values();
  }

  /** Replaces everything with what the database holds. */
  load(presences: Iterable<Presence>): void {
    this.presences.clear();
    this.missedSince.clear();
    for (const p of presences) this.presences.set(`${p.companyId}:${p.storeId}`, p);
  }

  /**
   * Applies one look at the online list to the watched stores (and any store online that is not
   * watched yet); answers the presences that changed and must be written.
   */
  observe(
    watched: Iterable<{ companyId: number; storeId: number }>,
    online: ReadonlySet<string>,
    now: number,
  ): Presence[] {
    const changed: Presence[] = [];
    for (const { companyId, storeId } of watched) {
      const key = `${companyId}:${storeId}`;
      const p = this.step(key, companyId, storeId, online.has(key), now);
      if (p) changed.push(p);
    }
    return changed;
  }

  private step(
    key: string,
    companyId: number,
    storeId: number,
    isOnline: boolean,
    now: number,
  ): Presence | undefined {
    const p = this.presences.get(key);
    if (!p) {
      const fresh: Presence = {
        companyId,
        storeId,
        online: isOnline,
        since: now,
        lastSeenAt: isOnline ? now : null,
        transitions: [],
      };
      this.presences.set(key, fresh);
      return fresh;
    }
    if (isOnline) {
      this.missedSince.delete(key);
      if (p.online) return undefined;
      return this.change(p, true, now, now);
    }
    if (!p.online) return undefined;
    const missed = this.missedSince.get(key);
    if (missed === undefined) {
      this.missedSince.set(key, now);
      if (this.settleMs > 0) return undefined;
    } else if (now - missed < this.settleMs) return undefined;
    this.missedSince.delete(key);
    const at = missed ?? now;
    return this.change(p, false, at, at);
  }

  private change(p: Presence, online: boolean, at: number, seenAt: number): Presence {
    p.online = online;
    p.since = at;
    p.lastSeenAt = seenAt;
    p.transitions = [...p.transitions.filter((t) => at - t < TRANSITIONS_KEPT_MS), at].slice(
      -TRANSITIONS_KEPT_MAX,
    );
    return p;
  }
}

/** How many transitions the presence made within the last `minutes`. */
export const transitionsWithin = (p: Presence, minutes: number, now: number) =>
  p.transitions.filter((t) => now - t <= minutes * 60_000).length;
