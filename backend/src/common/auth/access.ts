import { hasCompanyInScope, hasStoreAccess, type UserAccess } from '@store-cloud/contracts';
import { AccessError } from './access.errors';

type WithAccess = { access: UserAccess };

/** A store a request names: refused unless the caller may open it (hasStoreAccess). */
export interface StoreRef {
  company: number;
  store: number;
}

/**
 * Refuses (403) a caller who may not open one of these stores: access.all, or the store enabled
 * for it (spec §6, issue 13). Routes declare it with @RequireAccess; call this directly only
 * where the store comes from a stored record rather than the request.
 */
export function requireStoreAccess(user: WithAccess, stores: readonly StoreRef[]): void {
  const outside = stores.find((s) => !hasStoreAccess(user, s.company, s.store));
  if (outside)
    throw AccessError.forbidden(
      `You have no access to store ${outside.store} of company ${outside.company}`,
    );
}

/**
 * Refuses (403) a caller outside whose scope one of these companies lies (a company-limited
 * administrator, a user without it). Routes declare it with @RequireAccess; call this directly
 * only where the company comes from a stored record (a schedule, a media folder).
 */
export function requireCompanyAccess(user: WithAccess, companies: readonly number[]): void {
  const outside = [...new Set(companies.filter((c) => !hasCompanyInScope(user, c)))];
  if (outside.length === 1)
    throw AccessError.forbidden(`Company ${outside[0]} is outside your access`);
  if (outside.length)
    throw AccessError.forbidden(`Companies ${outside.join(', ')} are outside your access`);
}

/**
 * The companies a caller's lists are narrowed to (a repository's `$in`), or undefined for a
 * caller with access to all. Lists filtered in memory use hasCompanyInScope per item.
 */
export const companyScope = ({ access }: WithAccess): number[] | undefined =>
  access.all ? undefined : access.companies.map((c) => c.companyId);
