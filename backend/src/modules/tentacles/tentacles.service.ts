import { Injectable } from '@nestjs/common';
import { STORE_STATUS, type StorePingEntry } from '@store-cloud/contracts';
import { StorePingListRepository } from './store-ping-list.repository';

export interface LiveStatus {
  status: number;
  tentacleVersion?: string;
}

const key = (companyId: number, storeId: number) => `${companyId}:${storeId}`;

/** Which stores are online, from the shared ping list (spec §4: 0 offline, 1 online). */
@Injectable()
export class TentaclesService {
  constructor(private readonly pingList: StorePingListRepository) {}

  list(): Promise<StorePingEntry[]> {
    return this.pingList.list();
  }

  async statusOf(companyId: number, storeId: number): Promise<LiveStatus> {
    return toStatus(await this.pingList.get(companyId, storeId));
  }

  /** A lookup for many stores from one read of the list. */
  async statusLookup(): Promise<(companyId: number, storeId: number) => LiveStatus> {
    const entries = new Map(
      (await this.pingList.list()).map((e) => [key(e.enterprise.company, e.enterprise.store), e]),
    );
    return (companyId, storeId) => toStatus(entries.get(key(companyId, storeId)));
  }
}

// Connected (2) comes with the portal connections of the site connection flow (issue 5).
function toStatus(entry: StorePingEntry | undefined): LiveStatus {
  if (!entry) return { status: STORE_STATUS.offline };
  return { status: STORE_STATUS.online, tentacleVersion: entry.tentacleVersion || undefined };
}
