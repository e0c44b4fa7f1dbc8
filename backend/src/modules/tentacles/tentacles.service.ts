import { Injectable } from '@nestjs/common';
import { STORE_STATUS, type StorePingEntry } from '@store-cloud/contracts';
import { PortalConnectionsRepository } from '../sites/portal-connections.repository';
import { storeKey } from '../redis/store-key';
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

  async statusOf(companyId: number, storeId: number): Promise<LiveStatus> {
    const [entry, connected] = await Promise.all([
      this.pingList.get(companyId, storeId),
      this.connections.connectedStores(),
    ]);
    return toStatus(entry, connected.has(storeKey(companyId, storeId)));
  }

  /** A lookup for many stores from one read of the list. */
  async statusLookup(): Promise<(companyId: number, storeId: number) => LiveStatus> {
    const [list, connected] = await Promise.all([
      this.pingList.list(),
      this.connections.connectedStores(),
    ]);
    const entries = new Map(
      list.map((e) => [storeKey(e.enterprise.company, e.enterprise.store), e]),
    );
    return (companyId, storeId) =>
      toStatus(
        entries.get(storeKey(companyId, storeId)),
        connected.has(storeKey(companyId, storeId)),
      );
  }
}

function toStatus(entry: StorePingEntry | undefined, connected: boolean): LiveStatus {
  if (!entry) return { status: STORE_STATUS.offline };
  return {
    status: connected ? STORE_STATUS.connected : STORE_STATUS.online,
    tentacleVersion: entry.tentacleVersion || undefined,
  };
}
