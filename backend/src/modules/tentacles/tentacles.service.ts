import { Injectable } from '@nestjs/common';
import { STORE_STATUS, type StorePingEntry, storeKey } from '@store-cloud/contracts';
import { PortalConnectionsRepository } from '../sites/portal-connections.repository';
import { StorePingListRepository } from './store-ping-list.repository';

export interface LiveStatus {
  status: number;
  tentacleVersion?: string;
}

/**
 * Which stores are online, from the shared ping list, and connected while a portal connection
 * to them is open (spec §4: 0 offline, 1 online, 2 connected).
 */
@Injectable()
export class TentaclesService {
  constructor(
    private readonly pingList: StorePingListRepository,
    private readonly connections: PortalConnectionsRepository,
  ) {}

  list(): Promise<StorePingEntry[]> {
    return this.pingList.list();
  }

  /** Whether the store is in the online list: one read of its own entry (the relay's check). */
  async isOnline(companyId: number, storeId: number): Promise<boolean> {
    return (await this.pingList.get(companyId, storeId)) !== undefined;
  }

  async statusOf(companyId: number, storeId: number): Promise<LiveStatus> {
    const [entry, connected] = await Promise.all([
      this.pingList.get(companyId, storeId),
      this.connections.connectedStores(),
    ]);
    return toStatus(entry, connected.has(storeKey(companyId, storeId)));
  }

  /** A lookup for the given stores, from one read of their entries in the list. */
  async statusLookup(
    stores: ReadonlyArray<readonly [companyId: number, storeId: number]>,
  ): Promise<(companyId: number, storeId: number) => LiveStatus> {
    const keys = stores.map(([c, s]) => storeKey(c, s));
    const [found, connected] = await Promise.all([
      this.pingList.getMany(keys),
      this.connections.connectedStores(),
    ]);
    return (companyId, storeId) => {
      const key = storeKey(companyId, storeId);
      return toStatus(found.get(key), connected.has(key));
    };
  }
}

function toStatus(entry: StorePingEntry | undefined, connected: boolean): LiveStatus {
  if (!entry) return { status: STORE_STATUS.offline };
  return {
    status: connected ? STORE_STATUS.connected : STORE_STATUS.online,
    tentacleVersion: entry.tentacleVersion || undefined,
  };
}
