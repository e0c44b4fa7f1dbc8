import { STORE_STATUS, type StoreStatus, type SystemStatus } from '@store-cloud/contracts';
import { describe, expect, it } from 'vitest';
import { patchStoresStatus, patchSystemStatus } from './live-status-patch';

const AT = '2026-03-04T05:06:07.000Z';
const HOME: StoreStatus[] = [
  { companyId: 1, storeId: 1, status: STORE_STATUS.online, tentacleVersion: '1.0.0' },
  {
    companyId: 1,
    storeId: 2,
    status: STORE_STATUS.connected,
    connectedBy: 'ann@example.com',
    connectedSince: AT,
  },
  { companyId: 1, storeId: 3, status: STORE_STATUS.offline },
];

describe('patchStoresStatus (Home)', () => {
  it('turns a store offline, drops its holder, and keeps the other stores as they were', () => {
    const next = patchStoresStatus(HOME, [{ companyId: 1, storeId: 2, online: false }]);
    expect(next[1]).toEqual({ companyId: 1, storeId: 2, status: STORE_STATUS.offline });
    expect(next[0]).toBe(HOME[0]);
    expect(next[2]).toBe(HOME[2]);
  });

  it('brings a store online with its version, keeps a connected one connected, adds a new one', () => {
    const next = patchStoresStatus(HOME, [
      { companyId: 1, storeId: 3, online: true, tentacleVersion: '2.0.0', datetime: AT },
      { companyId: 1, storeId: 2, online: true, tentacleVersion: '2.0.0', datetime: AT },
      { companyId: 2, storeId: 9, online: true, tentacleVersion: '3.0.0', datetime: AT },
    ]);
    expect(next[2]).toMatchObject({ status: STORE_STATUS.online, tentacleVersion: '2.0.0' });
    expect(next[1]).toMatchObject({
      status: STORE_STATUS.connected,
      connectedBy: 'ann@example.com',
    });
    expect(next[3]).toEqual({
      companyId: 2,
      storeId: 9,
      status: STORE_STATUS.online,
      tentacleVersion: '3.0.0',
    });
  });
});

describe('patchSystemStatus (Status)', () => {
  const STATUS: SystemStatus = {
    loginRequestList: [],
    portalConnectionsList: [],
    storePingList: [
      {
        enterprise: { company: 1, store: 1 },
        datetime: AT,
        tentacleVersion: '1.0.0',
        noPingCounter: 0,
      },
      {
        enterprise: { company: 1, store: 2 },
        datetime: AT,
        tentacleVersion: '1.0.0',
        noPingCounter: 2,
      },
    ],
  };

  it('takes a store that went offline out of the online list and enters one that came online', () => {
    const later = '2026-03-04T06:00:00.000Z';
    const next = patchSystemStatus(STATUS, [
      { companyId: 1, storeId: 1, online: false },
      { companyId: 1, storeId: 2, online: true, tentacleVersion: '1.1.0', datetime: later },
      { companyId: 3, storeId: 7, online: true, tentacleVersion: '2.0.0', datetime: later },
    ]);
    expect(next.storePingList).toEqual([
      {
        enterprise: { company: 1, store: 2 },
        datetime: later,
        tentacleVersion: '1.1.0',
        noPingCounter: 0,
      },
      {
        enterprise: { company: 3, store: 7 },
        datetime: later,
        tentacleVersion: '2.0.0',
        noPingCounter: 0,
      },
    ]);
  });
});
