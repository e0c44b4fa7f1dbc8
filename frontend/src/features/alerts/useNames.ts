import { type PortalCompany, SITE_LABELS } from '@store-cloud/contracts';
import { useMemo } from 'react';
import { useCompaniesForUser } from '../../api/useCompanies';

export interface Names {
  /** Whether the companies are still on their way. */
  loading: boolean;
  companies: PortalCompany[];
  /** "Name (id)", or the bare id where the company is unknown to the user. */
  company: (companyId: number) => string;
  store: (companyId: number, storeId: number) => string;
}

/** Companies and stores by id, from the companies the signed-in user may see. */
export function useNames(): Names {
  const query = useCompaniesForUser();
  return useMemo(() => {
    const companies = query.data ?? [];
    const companyNames = new Map(companies.map((c) => [c.companyId, c.companyName]));
    const storeNames = new Map(
      companies.flatMap((c) => c.stores.map((s) => [`${c.companyId}:${s.storeId}`, s.storeName])),
    );
    return {
      loading: query.isPending,
      companies,
      company: (id) => SITE_LABELS.nameAndId(companyNames.get(id), id),
      store: (c, s) => SITE_LABELS.nameAndId(storeNames.get(`${c}:${s}`), s),
    };
  }, [query.data, query.isPending]);
}
