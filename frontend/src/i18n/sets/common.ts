import {
  COMPANY_LABELS,
  MENU_LABELS,
  PORTAL_LABELS,
  SITE_LABELS,
  STATUS_TEXT,
  TABLE_LABELS,
} from '@store-cloud/contracts';
import { textSet } from '../text-set';

/** Texts every screen may use: the shell's, the shared table's, store and company names. */
export const PORTAL = textSet('common', 'portal', PORTAL_LABELS, { screenTitle: ['screen'] });
export const MENU = textSet('common', 'menu', MENU_LABELS);
export const TABLE = textSet('common', 'table', TABLE_LABELS, {
  sortBy: ['column'],
  pageOf: ['page', 'pages'],
});
export const SITE = textSet('common', 'site', SITE_LABELS, {
  bosVersion: ['n'],
  confirmClose: ['company', 'store'],
  closeConsequence: ['user'],
  nameAndId: ['?name', 'id'],
});
export const COMPANY = textSet('common', 'company', COMPANY_LABELS, {
  removeNotAllowed: ['company'],
  connectedBy: ['user', 'since'],
  versionText: ['version'],
  editCompany: ['company'],
});
export const STATUS = textSet('common', 'status', STATUS_TEXT);

export const COMMON_SETS = [PORTAL, MENU, TABLE, SITE, COMPANY, STATUS];
