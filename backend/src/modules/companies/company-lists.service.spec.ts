import { STORE_STATUS, USER_TYPE } from '@store-cloud/contracts';
import { userWithCompanies } from '../../common/testing/user.fixture';
import type { ConfigService } from '../../config/config.service';
import type { MasterDataRepository } from '../master-data';
import type { TentaclesService } from '../tentacles';
import { CompanyListsService } from './company-lists.service';
import type { ConnectedCompaniesView } from './connected-companies.view';
import type { StoredIntegrationCompany } from './integration-companies.repository';

const store = (storeId: number, isActive = true) => ({
  storeId,
  storeName: `S${storeId}`,
  isActive,
});

const connected: StoredIntegrationCompany[] = [
  { companyId: 9, companyName: 'Nine', stores: [store(2), store(1)] },
  { companyId: 7, companyName: 'Seven', stores: [store(0), store(3), store(4, false)] },
] as StoredIntegrationCompany[];

const admin = (companies: number[] | 'all') =>
  userWithCompanies(
    { id: 'u1', username: 'admin@storecloud.test', usertype: USER_TYPE.ADMIN },
    companies,
  );

/** The master data and the connected companies in memory; store 9/1 online, the rest offline. */
function lists(whitelist: number[] = []) {
  const config = { get: () => whitelist } as unknown as ConfigService;
  const masterData = {
    listCompanies: async () => [
      { companyId: 7, companyName: 'Seven' },
      { companyId: 9, companyName: 'Nine' },
    ],
    listStores: async () => [
      { companyId: 7, storeId: 3, storeName: 'S3', isActive: true },
      { companyId: 9, storeId: 1, storeName: 'S1', isActive: true },
    ],
  } as unknown as MasterDataRepository;
  const view = { list: async () => connected } as unknown as ConnectedCompaniesView;
  const tentacles = {
    statusLookup: async () => (companyId: number, storeId: number) => ({
      status: companyId === 9 && storeId === 1 ? STORE_STATUS.online : STORE_STATUS.offline,
    }),
  } as unknown as TentaclesService;
  return new CompanyListsService(config, masterData, view, tentacles);
}

describe('CompanyListsService', () => {
  it('keeps the master data to the company whitelist (empty: every company)', async () => {
    expect((await lists().cloudCompanies()).map((c) => c.companyId)).toEqual([7, 9]);
    expect((await lists([9]).cloudCompanies()).map((c) => c.companyId)).toEqual([9]);
    expect((await lists([9]).retailStores()).map((s) => s.storeId)).toEqual([1]);
  });

  it('shows a company-limited admin its own companies only', async () => {
    const seen = await lists().cloudCompaniesFor(admin([7]));
    expect(seen.map((c) => c.companyId)).toEqual([7]);
    const integration = await lists().integrationCompanies(admin([9]));
    expect(integration.map((c) => c.companyId)).toEqual([9]);
  });

  it('lists the active stores a user may open by company and store id, with their status', async () => {
    const companies = await lists().companiesForUser(admin('all'));
    expect(companies.map((c) => [c.companyId, c.stores.map((s) => s.storeId)])).toEqual([
      [7, [3]],
      [9, [1, 2]],
    ]);
    expect(companies[1].stores[0].status).toBe(STORE_STATUS.online);
    expect(companies[1].stores[1].status).toBe(STORE_STATUS.offline);
  });
});
