import { type PortalCompany, STORE_STATUS, type StoreStatus } from '@store-cloud/contracts';
import { keptWhileSame } from '../../ui/same-fields';

export interface CompanySummary {
  companyId: number;
  companyName: string;
  online: number;
  connected: number;
  offline: number;
  incidents: number;
}

/**
 * Per company: its stores online, connected (a portal user holds them) and offline by the latest
 * live status (the companies list's status where none came yet), and its open incidents.
 */
export function summariseFleet(
  companies: readonly PortalCompany[],
  live: ReadonlyMap<string, StoreStatus>,
  incidents: readonly { companyId: number }[],
): CompanySummary[] {
  const open = new Map<number, number>();
  for (const i of incidents) open.set(i.companyId, (open.get(i.companyId) ?? 0) + 1);
  return companies.map((c) => {
    const row = { companyId: c.companyId, companyName: c.companyName, online: 0, connected: 0 };
    let offline = 0;
    for (const s of c.stores) {
      const status = live.get(`${s.companyId}:${s.storeId}`)?.status ?? s.status;
      if (status === STORE_STATUS.online) row.online += 1;
      else if (status === STORE_STATUS.offline) offline += 1;
      else row.connected += 1;
    }
    return keptIfSame(c, { ...row, offline, incidents: open.get(c.companyId) ?? 0 });
  });
}

/**
 * The last summary of each company (the companies query's object): a company whose counts a
 * live batch left as they were keeps its row object, so its row is not rendered again.
 */
const keptIfSame = keptWhileSame<PortalCompany, CompanySummary>();
