import { type PortalCompany, STORE_STATUS, type StoreStatus } from '@store-cloud/contracts';
import { describe, expect, it } from 'vitest';
import { summariseFleet } from './fleet-summary';
import { withLiveStatus } from './live-store';

const COMPANY: PortalCompany = {
  companyId: 7,
  companyName: 'Harbour Fuels',
  stores: [1, 2, 3].map((storeId) => ({
    companyId: 7,
    storeId,
    storeName: `Store ${storeId}`,
    status: STORE_STATUS.online,
  })),
};
const OTHER: PortalCompany = { ...COMPANY, companyId: 8, stores: [] };
const statuses = (offline: number[]): StoreStatus[] =>
  COMPANY.stores.map((s) => ({
    companyId: s.companyId,
    storeId: s.storeId,
    status: offline.includes(s.storeId) ? STORE_STATUS.offline : STORE_STATUS.online,
    tentacleVersion: '2.0.0',
  }));
const byStore = (list: StoreStatus[]) =>
  new Map(list.map((s) => [`${s.companyId}:${s.storeId}`, s]));

// Home's rows are memoised by object: a store or company that did not change keeps its object.
describe('Home rows under live status', () => {
  it('keeps the objects of unchanged stores across a full refetch; a changed store gets a new one', () => {
    const before = withLiveStatus(COMPANY, byStore(statuses([])));
    // A refetch: every status object is new, one store went offline.
    const after = withLiveStatus(COMPANY, byStore(statuses([2])));
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]).toMatchObject({ storeId: 2, status: STORE_STATUS.offline });
  });

  it('keeps the summary rows of companies whose counts did not change', () => {
    const before = summariseFleet([COMPANY, OTHER], byStore(statuses([])), []);
    const after = summariseFleet([COMPANY, OTHER], byStore(statuses([3])), []);
    expect(after[1]).toBe(before[1]);
    expect(after[0]).not.toBe(before[0]);
    expect(after[0]).toMatchObject({ online: 2, offline: 1 });
  });
});
