import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '../../config/config.service';
import { followChannel, RedisService } from '../redis';
import { connectionField, PortalConnectionsRepository } from '../portal-connections';

/** lastAccessed is written at most this often per connection (issue 15). */
const WRITE_EVERY_MS = 1000;
/** Past this many connections remembered, the ones not written within the window are dropped. */
const PRUNE_ABOVE = 10_000;

/**
 * Which connections (by cid) had lastAccessed written by this node within the last second: a
 * relayed call of such a connection neither writes again nor reads Redis to learn that the
 * connection is still open (issue 15), as long as this node hears of every close. Each script
 * that ends a connection publishes the store's field, on whichever node or process it ran
 * (PortalConnectionsRepository), and this node forgets that store's connection at once; while
 * its subscriber is away (at start, on a reconnect) nothing counts as known open, and every
 * call reads Redis. The window stays well under the idle timeout, so an idle close never sees
 * a connection in use as idle. In memory only: after a restart, each connection writes again.
 */
@Injectable()
export class LastAccessedThrottle implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(LastAccessedThrottle.name);
  private readonly windowMs: number;
  private readonly written = new Map<string, { at: number; field: string }>();
  /** The cid remembered for each store's field: one connection per store. */
  private readonly cidOfField = new Map<string, string>();
  private stopFollowing?: () => void;
  /** True while the subscriber hears the closes (subscribed, and nothing forgotten since). */
  private hearsCloses = false;

  constructor(
    private readonly config: ConfigService,
    private readonly redis: RedisService,
    private readonly connections: PortalConnectionsRepository,
  ) {
    this.windowMs = Math.min(WRITE_EVERY_MS, config.get('siteIdleTimeoutMs') / 10);
    connections.onClosed((field) => this.forgetField(field));
  }

  onModuleInit() {
    // Only a node that relays calls needs it (the worker's sweeps write, they never ask).
    if (!this.config.servesApi) return;
    this.stopFollowing = followChannel(
      this.redis.client.duplicate(),
      this.connections.closedChannel,
      {
        message: (field) => this.forgetField(field),
        // Closes may be missed while not subscribed: nothing counts as known open meanwhile.
        lost: () => this.forgetAll(),
        live: () => {
          // What was remembered before the subscription took effect may have missed a close.
          this.forgetAll();
          this.hearsCloses = true;
        },
      },
      this.logger,
    );
  }

  onApplicationShutdown() {
    this.stopFollowing?.();
  }

  /** True when the connection's lastAccessed is due a write at `now` (ms). */
  isDue(cid: string, now: number): boolean {
    const entry = this.written.get(cid);
    return entry === undefined || now - entry.at >= this.windowMs || now < entry.at;
  }

  /**
   * True when this node wrote the connection's lastAccessed within the window and has heard of
   * no close since: it is still open without asking Redis.
   */
  isKnownOpen(cid: string, now: number): boolean {
    return this.hearsCloses && !this.isDue(cid, now);
  }

  /** A write of the connection's lastAccessed succeeded: it was open at `now`. */
  wrote(cid: string, company: number, store: number, now: number): void {
    const field = connectionField(company, store);
    if (this.written.size >= PRUNE_ABOVE) {
      for (const [key, entry] of this.written)
        if (!(now - entry.at < this.windowMs)) this.forget(key);
    }
    this.written.set(cid, { at: now, field });
    this.cidOfField.set(field, cid);
  }

  /** The connection closed (or was taken over): its next call writes again. */
  forget(cid: string): void {
    const entry = this.written.get(cid);
    if (!entry) return;
    this.written.delete(cid);
    if (this.cidOfField.get(entry.field) === cid) this.cidOfField.delete(entry.field);
  }

  private forgetField(field: string) {
    const cid = this.cidOfField.get(field);
    if (cid !== undefined) this.forget(cid);
  }

  private forgetAll() {
    this.hearsCloses = false;
    this.written.clear();
    this.cidOfField.clear();
  }
}
