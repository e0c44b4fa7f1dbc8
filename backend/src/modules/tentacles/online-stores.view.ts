import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { ConfigService } from '../../config/config.service';
import { followChannel } from '../redis';
import { type OnlineChange, StorePingListRepository } from './store-ping-list.repository';

/** The view reads the whole list again this often, whatever the notes said (it heals itself). */
export const ONLINE_VIEW_RESYNC_MS = 30_000;

/** The name of the view's subscriber connection in Redis (CLIENT LIST). */
export const onlineViewConnectionName = (config: ConfigService) =>
  `${config.get('redisPrefix')}:online-stores-view`;

/**
 * This node's copy of who is online and with which tentacle version (issue 15: the status of
 * 20,000 stores without a Redis read of the list per request). The online list in Redis stays
 * the truth: the copy is read from it when the subscriber connects (the start, and after every
 * reconnect, so a flushed or missed change heals) and every ONLINE_VIEW_RESYNC_MS, and in
 * between it follows the list's changes, which the list's scripts publish with each write, and
 * this node's own writes at once. While the subscriber is away the copy is not used.
 */
@Injectable()
export class OnlineStoresView implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(OnlineStoresView.name);
  private versions = new Map<string, string>();
  private changes = 0;
  /** Changes that came while the list was being read, applied on top of what it read. */
  private during: OnlineChange[] | undefined;
  private subscriber?: Redis;
  private stopFollowing?: () => void;
  private resync?: NodeJS.Timeout;
  private synced = false;
  private again = false;

  constructor(
    private readonly config: ConfigService,
    private readonly pingList: StorePingListRepository,
  ) {
    pingList.onLocalChange((change) => this.apply(change));
  }

  /**
   * Moves on whenever the copy changes (a store came, went or changed its version, or the list
   * was read again): an answer built from the copy is current while this is the same.
   */
  get changeCount(): number {
    return this.changes;
  }

  /** True while the copy follows the list (its subscriber is up and it was read since). */
  get live(): boolean {
    return this.synced;
  }

  /** The store's tentacle version ('' when it sent none), undefined when it is not online. */
  version(key: string): string | undefined {
    return this.versions.get(key);
  }

  onModuleInit() {
    // Only a node that answers status calls needs the copy (the worker reads Redis).
    if (!this.config.servesApi) return;
    this.subscriber = new Redis(this.config.get('redisUrl'), {
      maxRetriesPerRequest: null,
      connectionName: onlineViewConnectionName(this.config),
    });
    // Subscribed first, then the list read, so no change falls between.
    this.stopFollowing = followChannel(
      this.subscriber,
      this.pingList.channel,
      {
        message: (note) => this.onNote(note),
        lost: () => (this.synced = false),
        live: () => void this.read(),
      },
      this.logger,
    );
    this.resync = setInterval(() => void this.read(), ONLINE_VIEW_RESYNC_MS);
    this.resync.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.resync);
    this.stopFollowing?.();
  }

  /** Reads the whole list into the copy; the changes noted meanwhile go on top. */
  async read(): Promise<void> {
    // A read asked for during one (a reconnect) runs after it: the one running may predate it.
    if (this.during) {
      this.again = true;
      return;
    }
    if (this.subscriber?.status !== 'ready') return;
    this.during = [];
    try {
      const read = await this.pingList.versions();
      const during = this.during;
      // Before re-applying: apply() records into this.during while a read runs.
      this.during = undefined;
      this.versions = read;
      this.changes++;
      for (const change of during) this.apply(change);
      this.synced = this.subscriber?.status === 'ready';
    } catch (error) {
      // Tried again at the next resync or reconnect; meanwhile reads go to Redis.
      this.synced = false;
      this.logger.warn(`Could not read the online list: ${(error as Error).message}`);
    } finally {
      this.during = undefined;
    }
    if (this.again) {
      this.again = false;
      await this.read();
    }
  }

  private onNote(message: string) {
    let change: OnlineChange;
    try {
      change = JSON.parse(message) as OnlineChange;
    } catch {
      return;
    }
    if (typeof change?.k !== 'string') return;
    this.apply(change);
  }

  private apply(change: OnlineChange) {
    this.during?.push(change);
    if ('gone' in change) {
      if (this.versions.delete(change.k)) this.changes++;
      return;
    }
    const version = typeof change.v === 'string' ? change.v : '';
    if (this.versions.get(change.k) === version) return;
    this.versions.set(change.k, version);
    this.changes++;
  }
}
