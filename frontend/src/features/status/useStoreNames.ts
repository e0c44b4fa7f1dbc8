import { useMemo } from 'react';
import { useCompaniesForUser } from '../../api/useCompanies';
import { siteLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

export type Names = (company: number, store: number) => { company: string; store: string };

/**
 * Company and store as "Name (id)" by id, from the companies the user may see; the bare id where
 * the name is unknown.
 */
export function useStoreNames(): Names {
  const siteLabels = useTexts(siteLabelsSet);
  const companies = useCompaniesForUser();
  return useMemo(() => {
    const companyNames = new Map<number, string>();
    const storeNames = new Map<string, string>();
    for (const c of companies.data ?? []) {
      companyNames.set(c.companyId, c.companyName);
      for (const s of c.stores) storeNames.set(`${c.companyId}:${s.storeId}`, s.storeName);
    }
    return (company, store) => ({
      company: siteLabels.nameAndId(companyNames.get(company), company),
      store: siteLabels.nameAndId(storeNames.get(`${company}:${store}`), store),
    });
  }, [companies.data, siteLabels]);
}
