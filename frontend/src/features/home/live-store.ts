import {
  type PortalCompany,
  type PortalStore,
  STORE_STATUS,
  type StoreStatus,
} from '@store-cloud/contracts';
import { keptWhileSame } from '../../ui/same-fields';
import type { companyLabelsSet } from '../../i18n/sets/common';
import type { TextsOf } from '../../i18n/text-set';
import type { useStoreIncidents } from '../alerts/IncidentBadge';

/** A store on Home with its live status and, when connected, who holds it (issue 13). */
export type LiveStore = PortalStore & Pick<StoreStatus, 'connectedBy' | 'connectedSince'>;

/** A store's open incidents (issue 26), from the one query of them all. */
export type StoreIncidents = ReturnType<typeof useStoreIncidents>;

/**
 * Connected by someone else than `me` (the signed-in user's name): Connect to Site is refused
 * (the backend refuses it too); the user's own connection is theirs to take over.
 */
export const heldByOther = (store: LiveStore, me: string | undefined) =>
  store.status === STORE_STATUS.connected && store.connectedBy !== me;

/** The stores of a company with the latest polled status, active ones only, sorted by id. */
export function withLiveStatus(
  company: PortalCompany,
  live: ReadonlyMap<string, StoreStatus>,
): LiveStore[] {
  return company.stores
    .map((s) => liveStore(s, live.get(`${s.companyId}:${s.storeId}`)))
    .sort((a, b) => a.storeId - b.storeId);
}

/**
 * The last LiveStore made of each store (the companies query's object), with the status it was
 * made of. A live batch keeps the status objects of the stores it did not change, and a full
 * refetch mostly repeats their fields: either way such a store keeps its LiveStore, so its row
 * is not rendered again (issue 30: a batch that changed one store re-rendered every row).
 */
const made = new WeakMap<PortalStore, { status: StoreStatus | undefined; store: LiveStore }>();
const keptIfSame = keptWhileSame<PortalStore, LiveStore>();

function liveStore(store: PortalStore, status: StoreStatus | undefined): LiveStore {
  // The status object the batch left as it was: no fields to compare.
  const before = made.get(store);
  if (before && before.status === status) return before.store;
  const kept = keptIfSame(store, { ...store, ...status });
  made.set(store, { status, store: kept });
  return kept;
}

export const versionText = (store: PortalStore, labels: TextsOf<typeof companyLabelsSet>) =>
  store.tentacleVersion && store.status !== STORE_STATUS.offline
    ? labels.versionText(store.tentacleVersion)
    : '';
