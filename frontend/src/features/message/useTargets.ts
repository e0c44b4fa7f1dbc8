import { type PortalCompany, siteKey, type TargetSite } from '@store-cloud/contracts';
import { useState } from 'react';
import { targetOf } from './Selectors';

/** The sites a message goes to: one at a time, or a whole company at once. */
export function useTargets() {
  const [targets, setTargets] = useState<TargetSite[]>([]);
  const isTarget = (site: { companyId: number; storeId: number }) =>
    targets.some((t) => siteKey(t) === siteKey(site));
  const toggleTarget = (site: TargetSite) =>
    setTargets((prev) =>
      prev.some((t) => siteKey(t) === siteKey(site))
        ? prev.filter((t) => siteKey(t) !== siteKey(site))
        : [...prev, site],
    );
  const toggleCompany = (company: PortalCompany) => {
    const sites = company.stores.map((s) => targetOf(company, s));
    const all = sites.length > 0 && sites.every(isTarget);
    setTargets((prev) => [
      ...prev.filter((t) => t.companyId !== company.companyId),
      ...(all ? [] : sites),
    ]);
  };
  /** Select all (or none) of the stores shown: adds the missing ones or removes them all. */
  const setMany = (sites: TargetSite[], on: boolean) => {
    const keys = new Set(sites.map(siteKey));
    setTargets((prev) => {
      const rest = prev.filter((t) => !keys.has(siteKey(t)));
      return on ? [...rest, ...sites] : rest;
    });
  };
  return { targets, setTargets, isTarget, toggleTarget, toggleCompany, setMany };
}
