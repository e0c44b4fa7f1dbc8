import type { AccessCompany, AccessStore, RetailStore } from '@store-cloud/contracts';

/**
 * A company's stores as the editor shows them: every active store of the company in the master
 * data, with the user's enabled flag, plus any store the user already has that is not listed.
 */
export function companyStores(
  company: AccessCompany,
  master: readonly RetailStore[],
): AccessStore[] {
  const granted = new Map(company.stores.map((s) => [s.storeId, s]));
  const fromMaster = master
    .filter((s) => s.companyId === company.companyId && s.isActive && s.storeId !== 0)
    .map((s) => ({
      storeId: s.storeId,
      storeName: s.storeName,
      enabled: granted.get(s.storeId)?.enabled ?? false,
    }));
  const known = new Set(fromMaster.map((s) => s.storeId));
  return [...fromMaster, ...company.stores.filter((s) => !known.has(s.storeId))].sort(
    (a, b) => a.storeId - b.storeId,
  );
}
