import { SEARCH_MIN_LENGTH } from '@store-cloud/contracts';

/**
 * The portal's search rule (spec §5): nothing filters below SEARCH_MIN_LENGTH characters; from
 * there a case-insensitive match on any of the given fields.
 */
export function matchesSearch(search: string, ...fields: Array<string | number>): boolean {
  const term = search.trim().toLowerCase();
  if (term.length < SEARCH_MIN_LENGTH) return true;
  return fields.some((f) => String(f).toLowerCase().includes(term));
}
