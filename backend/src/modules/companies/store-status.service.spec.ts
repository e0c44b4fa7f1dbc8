import { type PortalCompany, STORE_STATUS, storeKey, USER_TYPE } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { PortalConnectionsRepository } from '../portal-connections';
import type { TentaclesService } from '../tentacles';
import type { CompanyListsService } from './company-lists.service';
import type { ConnectedCompaniesView } from './connected-companies.view';
import { StoreStatusService } from './store-status.service';

const admin: AuthenticatedUser = {
  id: 'u1',
  username: 'admin@storecloud.test',
  usertype: USER_TYPE.ADMIN,
  enabled: true,
  applications: [],
  access: { all: true, companies: [] },
};

const home: PortalCompany[] = [
  {
    companyId: 7,
    companyName: 'Seven',
    stores: [
      { companyId: 7, storeId: 3, storeName: 'S3', status: STORE_STATUS.connected },
      { companyId: 7, storeId: 4, storeName: 'S4', status: STORE_STATUS.offline },
    ],
  },
] as PortalCompany[];

/** Home's list of store 7/3 (held by ann) and 7/4; `online` is the online list's change count. */
function setUp(online: number | undefined) {
  let built = 0;
  const lists = {
    companiesForUser: async () => {
      built += 1;
      return home;
    },
  } as unknown as CompanyListsService;
  // The view hands out the same array while the connected companies are unchanged.
  const companies: never[] = [];
  const connected = { list: async () => companies } as unknown as ConnectedCompaniesView;
  const connections = {
    holders: async () =>
      new Map([[storeKey(7, 3), { user: 'ann', since: '2030-06-01T12:00:00.000Z' }]]),
  } as unknown as PortalConnectionsRepository;
  const tentacles = {
    onlineChanges: () => online,
    statusOf: async () => ({ status: STORE_STATUS.online, tentacleVersion: '5.1' }),
  } as unknown as TentaclesService;
  const service = new StoreStatusService(lists, connected, connections, tentacles);
  return { service, built: () => built };
}

describe('StoreStatusService', () => {
  it('answers each store’s status, and who holds a connected one since when', async () => {
    const { service } = setUp(1);
    const answer = await service.allStoresStatusJson(admin);
    expect(JSON.parse(answer.body.toString())).toEqual([
      {
        companyId: 7,
        storeId: 3,
        status: STORE_STATUS.connected,
        connectedBy: 'ann',
        connectedSince: '2030-06-01T12:00:00.000Z',
      },
      { companyId: 7, storeId: 4, status: STORE_STATUS.offline },
    ]);
  });

  it('keeps the answer while nothing it depends on changed', async () => {
    const { service, built } = setUp(1);
    const first = await service.allStoresStatusJson(admin);
    expect(await service.allStoresStatusJson(admin)).toBe(first);
    expect(built()).toBe(1);
  });

  it('builds the answer afresh while the online list is unknown', async () => {
    const { service, built } = setUp(undefined);
    await service.allStoresStatusJson(admin);
    await service.allStoresStatusJson(admin);
    expect(built()).toBe(2);
  });

  it('answers one store’s status', async () => {
    const { service } = setUp(1);
    await expect(service.storeStatus(7, 3)).resolves.toEqual({
      companyId: 7,
      storeId: 3,
      status: STORE_STATUS.online,
      tentacleVersion: '5.1',
    });
  });
});
