import {
  ONLINE_STATE,
  type OnlineState,
  type PortalCompany,
  type PortalStore,
  siteKey,
  STORE_STATUS,
  type TargetSite,
} from '@store-cloud/contracts';
import { matchesSearch } from '../../ui/search';

/** The By Site filters (issue 30): a company or all, a store tag or any, the online state. */
export interface TargetFilter {
  companyId: number | null;
  tag: string;
  online: OnlineState;
  search: string;
}

/** A store as the By Site table lists it: the target it would be, and its state now. */
export type TargetRow = TargetSite & Pick<PortalStore, 'status'> & { key: string };

/** The tags of each store by siteKey (from the media companies; empty without media access). */
export type TagsByStore = ReadonlyMap<string, readonly string[]>;

const isOnline = (status: number) => status !== STORE_STATUS.offline;

/** The stores the filters let through, by company then store id. */
export function filterTargets(
  companies: readonly PortalCompany[],
  filter: TargetFilter,
  tags: TagsByStore,
): TargetRow[] {
  const rows: TargetRow[] = [];
  for (const c of companies) {
    if (filter.companyId !== null && c.companyId !== filter.companyId) continue;
    for (const s of c.stores) {
      const key = siteKey(s);
      if (filter.tag && !tags.get(key)?.includes(filter.tag)) continue;
      if (filter.online === ONLINE_STATE.online && !isOnline(s.status)) continue;
      if (filter.online === ONLINE_STATE.offline && isOnline(s.status)) continue;
      if (!matchesSearch(filter.search, s.storeId, s.storeName, c.companyName)) continue;
      rows.push({ ...s, key, companyName: c.companyName });
    }
  }
  return rows.sort((a, b) => a.companyId - b.companyId || a.storeId - b.storeId);
}

/** The tags the Tag filter offers: those of the stores of the chosen company (or all). */
export function tagChoices(
  companies: readonly PortalCompany[],
  companyId: number | null,
  tags: TagsByStore,
): string[] {
  const found = new Set<string>();
  for (const c of companies) {
    if (companyId !== null && c.companyId !== companyId) continue;
    for (const s of c.stores) for (const t of tags.get(siteKey(s)) ?? []) found.add(t);
  }
  return [...found].sort((a, b) => a.localeCompare(b));
}

/** Whether all, some or none of the rows shown are targets: the Select all box's state. */
export function shownState(
  rows: readonly TargetRow[],
  isTarget: (site: TargetSite) => boolean,
): 'all' | 'some' | 'none' {
  const chosen = rows.filter(isTarget).length;
  if (!rows.length || !chosen) return 'none';
  return chosen === rows.length ? 'all' : 'some';
}
