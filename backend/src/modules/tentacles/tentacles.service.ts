import { Injectable } from '@nestjs/common';
import { STORE_STATUS, type StorePingEntry, storeKey } from '@store-cloud/contracts';
import { PortalConnectionsRepository } from '../portal-connections';
import { OnlineStoresView } from './online-stores.view';
import { StorePingListRepository } from './store-ping-list.repository';

export interface LiveStatus {
  status: number;
  tentacleVersion?: string;
}

/**
 * Which stores are online, from the shared ping list, and connected while a portal connection
 * to them is open (spec §4: 0 offline, 1 online, 2 connected). Status reads take who is online
 * from this node's OnlineStoresView while it follows the list; a store the view does not have
 * is looked up in Redis when asked for alone (a store that just came online on another node is
 * never called offline for the few milliseconds its note takes).
 */
@Injectable()
export class TentaclesService {
  constructor(
    private readonly pingList: StorePingListRepository,
    private readonly connections: PortalConnectionsRepository,
    private readonly view: OnlineStoresView,
  ) {}

  /** The whole list with times and missed pings (the system status page): read from Redis. */
  list(): Promise<StorePingEntry[]> {
    return this.pingList.list();
  }

  /** The storeKeys of every store online now, read from Redis (the alerts sweep). */
  async onlineKeys(): Promise<Set<string>> {
    return new Set(await this.pingList.keys());
  }

  /**
   * A count that moves on whenever who is online changes on this node's view; undefined while
   * the view does not follow the list (status reads then go to Redis).
   */
  onlineChanges(): number | undefined {
    return this.view.live ? this.view.changeCount : undefined;
  }

  /** Whether the store is in the online list (the relay's check). */
  async isOnline(companyId: number, storeId: number): Promise<boolean> {
    return (await this.versionOf(companyId, storeId)) !== undefined;
  }

  async statusOf(companyId: number, storeId: number): Promise<LiveStatus> {
    const [version, connected] = await Promise.all([
      this.versionOf(companyId, storeId),
      this.connections.connectedStores(),
    ]);
    return toStatus(version, connected.has(storeKey(companyId, storeId)));
  }

  /** A lookup for the given stores: from the view, else from one read of their entries. */
  async statusLookup(
    stores: ReadonlyArray<readonly [companyId: number, storeId: number]>,
  ): Promise<(companyId: number, storeId: number) => LiveStatus> {
    const keys = stores.map(([c, s]) => storeKey(c, s));
    const [version, connected] = await Promise.all([
      this.view.live ? (key: string) => this.view.version(key) : this.versionsFromList(keys),
      this.connections.connectedStores(),
    ]);
    return (companyId, storeId) => {
      const key = storeKey(companyId, storeId);
      return toStatus(version(key), connected.has(key));
    };
  }

  private async versionsFromList(keys: string[]) {
    const found = await this.pingList.getMany(keys);
    return (key: string) => found.get(key)?.tentacleVersion;
  }

  private async versionOf(companyId: number, storeId: number): Promise<string | undefined> {
    if (this.view.live) {
      const version = this.view.version(storeKey(companyId, storeId));
      if (version !== undefined) return version;
    }
    return (await this.pingList.get(companyId, storeId))?.tentacleVersion;
  }
}

/** From the store's tentacle version (undefined: not online) and whether it is connected. */
function toStatus(version: string | undefined, connected: boolean): LiveStatus {
  if (version === undefined) return { status: STORE_STATUS.offline };
  return {
    status: connected ? STORE_STATUS.connected : STORE_STATUS.online,
    tentacleVersion: version || undefined,
  };
}
