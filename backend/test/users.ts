import { DEMO_FLEET, type UserAccess } from '@store-cloud/contracts';

/**
 * Access to demo fleet stores, with their demo names, every store enabled: per company, the
 * stores listed, or all of its stores when none are.
 */
export function demoFleetAccess(companies: Array<[number, number[]?]>): UserAccess {
  return {
    all: false,
    companies: companies.map(([companyId, storeIds]) => {
      const company = DEMO_FLEET.companies.find((c) => c.companyId === companyId)!;
      const stores = storeIds
        ? storeIds.map((id) => company.stores.find((s) => s.storeId === id)!)
        : company.stores;
      return {
        companyId,
        companyName: company.companyName,
        stores: stores.map((s) => ({ storeId: s.storeId, storeName: s.storeName, enabled: true })),
      };
    }),
  };
}
