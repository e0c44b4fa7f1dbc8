import { type PortalCompany } from '@store-cloud/contracts';
import { useMemo } from 'react';
import { useCompaniesForUser } from '../../api/useCompanies';
import { siteLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

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
  const siteLabels = useTexts(siteLabelsSet);
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
      company: (id) => siteLabels.nameAndId(companyNames.get(id), id),
      store: (c, s) => siteLabels.nameAndId(storeNames.get(`${c}:${s}`), s),
    };
  }, [query.data, query.isPending, siteLabels]);
}
