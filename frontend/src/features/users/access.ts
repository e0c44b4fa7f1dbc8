import {
  type AccessCompany,
  type AccessStore,
  hasStoreAccess,
  type RetailStore,
  type UserAccess,
} from '@store-cloud/contracts';
import { useCompaniesForUser } from '../../api/useCompanies';
import { useSession } from '../../auth/useSession';

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

/**
 * What the signed-in administrator itself may open (issue 13): everything for access.all,
 * otherwise its companies and stores as Home lists them. A company-limited administrator is
 * offered only these (the backend refuses anything more: canGrantAccess).
 */
export function useCallerAccess(): UserAccess | null {
  const session = useSession();
  const companies = useCompaniesForUser();
  if (!session) return null;
  if (session.all) return { all: true, companies: [] };
  return {
    all: false,
    companies: (companies.data ?? []).map((c) => ({
      companyId: c.companyId,
      companyName: c.companyName,
      stores: c.stores.map((s) => ({ storeId: s.storeId, storeName: s.storeName, enabled: true })),
    })),
  };
}

/** The stores of a company a caller is offered: within its access, or already granted. */
export const storesInScope = (
  caller: UserAccess | null,
  companyId: number,
  stores: AccessStore[],
): AccessStore[] =>
  !caller || caller.all
    ? stores
    : stores.filter((s) => s.enabled || hasStoreAccess({ access: caller }, companyId, s.storeId));
