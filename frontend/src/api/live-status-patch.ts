/**
 * Store deltas of the live push (issue 30) applied to the cached status lists, so Home and Status
 * re-render what changed instead of refetching and re-parsing 18,000 stores.
 */
import {
  type LiveStoreDelta,
  STORE_STATUS,
  type StoreStatus,
  type SystemStatus,
} from '@store-cloud/contracts';

const key = (companyId: number, storeId: number) => `${companyId}:${storeId}`;
const byStore = (deltas: readonly LiveStoreDelta[]) =>
  new Map(deltas.map((d) => [key(d.companyId, d.storeId), d]));

/**
 * Home's statuses: a store going offline is offline (no longer held by anyone); one coming
 * online is online unless a portal user already holds it (connected stays connected). A store
 * not in the list yet is added; unchanged stores keep their objects (rows skip re-rendering).
 */
export function patchStoresStatus(
  list: readonly StoreStatus[],
  deltas: readonly LiveStoreDelta[],
): StoreStatus[] {
  const pending = byStore(deltas);
  const next = list.map((s) => {
    const d = pending.get(key(s.companyId, s.storeId));
    if (!d) return s;
    pending.delete(key(s.companyId, s.storeId));
    return applyToStore(s, d);
  });
  for (const d of pending.values())
    next.push(applyToStore({ companyId: d.companyId, storeId: d.storeId, status: 0 }, d));
  return next;
}

function applyToStore(s: StoreStatus, d: LiveStoreDelta): StoreStatus {
  if (!d.online) {
    const { connectedBy: _by, connectedSince: _since, ...rest } = s;
    return { ...rest, status: STORE_STATUS.offline };
  }
  const status = s.status === STORE_STATUS.offline ? STORE_STATUS.online : s.status;
  return { ...s, status, tentacleVersion: d.tentacleVersion ?? s.tentacleVersion };
}

/** Status's online list: an offline store leaves it, an online one is (re)entered as just pinged. */
export function patchSystemStatus(
  status: SystemStatus,
  deltas: readonly LiveStoreDelta[],
): SystemStatus {
  const changed = byStore(deltas);
  const kept = status.storePingList.filter(
    (e) => !changed.has(key(e.enterprise.company, e.enterprise.store)),
  );
  const added = deltas
    .filter((d) => d.online)
    .map((d) => ({
      enterprise: { company: d.companyId, store: d.storeId },
      datetime: d.datetime ?? new Date().toISOString(),
      tentacleVersion: d.tentacleVersion ?? '',
      noPingCounter: 0,
    }));
  return { ...status, storePingList: [...kept, ...added] };
}
