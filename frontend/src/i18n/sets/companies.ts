import {
  COMPANIES_TEXT,
  COMPANY_REMOVAL_TEXT,
  STORE_TEXT,
  TIME_ZONE_TEXT,
} from '@store-cloud/contracts';
import { textSet } from '../text-set';

// The consequence of a removal is worded by the backend (its 409 issues), so it stays out.
const { consequence: _byBackend, ...removal } = COMPANY_REMOVAL_TEXT;

/**
 * Companies administration: its lists, the removal question, the edit modal (its toasts: common
 * `toast`); a company's and a store's time zone; the store screen.
 */
export const companiesTextSet = textSet('companies', 'companies', COMPANIES_TEXT);
export const companyRemovalTextSet = textSet('companies', 'removal', removal);
export const timeZoneTextSet = textSet('companies', 'timeZone', TIME_ZONE_TEXT, {
  storeZone: ['zone'],
});
export const storeTextSet = textSet('companies', 'store', STORE_TEXT);

export const companiesSets = [
  companiesTextSet,
  companyRemovalTextSet,
  timeZoneTextSet,
  storeTextSet,
];
