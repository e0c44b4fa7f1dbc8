import {
  COMPANY_LABELS,
  FLEET_SUMMARY_TEXT,
  HOME_TEXT,
  MENU_LABELS,
  PORTAL_LABELS,
  requestIdText,
  SITE_LABELS,
  STATUS_TEXT,
  STORE_STATE_LABEL,
  TABLE_LABELS,
  TOAST,
} from '@store-cloud/contracts';
import { textSet } from '../text-set';

/** Texts every screen may use: the shell's, the shared table's, store and company names. */
export const portalLabelsSet = textSet('common', 'portal', PORTAL_LABELS, {
  screenTitle: ['screen'],
  'firstSteps.whoText': ['types'],
  versionBadge: ['version'],
  serviceRuntime: ['node', 'express', 'database'],
  mongoCompatible: ['database', 'mongo'],
});
export const menuLabelsSet = textSet('common', 'menu', MENU_LABELS);
export const tableLabelsSet = textSet('common', 'table', TABLE_LABELS, {
  sortBy: ['column'],
  pageOf: ['page', 'pages'],
});
export const siteLabelsSet = textSet('common', 'site', SITE_LABELS, {
  bosVersion: ['n'],
  confirmClose: ['company', 'store'],
  closeConsequence: ['user'],
  nameAndId: ['?name', 'id'],
});
export const companyLabelsSet = textSet('common', 'company', COMPANY_LABELS, {
  removeNotAllowed: ['company'],
  connectedBy: ['user', 'since'],
  versionText: ['version'],
  editCompany: ['company'],
});
export const homeTextSet = textSet('common', 'home', HOME_TEXT, {
  selectStoreFor: ['company'],
  connectingToStore: ['store'],
  loggingInToStore: ['store', 'company'],
  cannotConnect: ['state'],
  noStoresFor: ['company'],
});
export const fleetSummaryTextSet = textSet('common', 'fleetSummary', FLEET_SUMMARY_TEXT);
export const statusTextSet = textSet('common', 'status', STATUS_TEXT);
/** The toasts' titles and messages of spec §8 (users, companies, status, login). */
export const toastSet = textSet('common', 'toast', TOAST, {
  'saveCompanyData.error': ['company'],
  'saveCompanyData.success': ['company'],
});
/** A store's state as the status dot and 'currently offline' name it. */
export const storeStateSet = textSet('common', 'storeState', STORE_STATE_LABEL);
/** A failed call's request id under its toast, for the user to quote. */
export const requestTextSet = textSet(
  'common',
  'request',
  { requestId: requestIdText },
  { requestId: ['id'] },
);

/** What an empty date or time input shows: the portal's own words (the spec names none). */
export const datePlaceholderSet = textSet('common', 'datePlaceholder', {
  date: 'dd/mm/yyyy',
  time: 'hh:mm',
  datetime: 'dd/mm/yyyy hh:mm',
});

export const commonSets = [
  portalLabelsSet,
  menuLabelsSet,
  tableLabelsSet,
  siteLabelsSet,
  companyLabelsSet,
  homeTextSet,
  fleetSummaryTextSet,
  statusTextSet,
  toastSet,
  storeStateSet,
  requestTextSet,
  datePlaceholderSet,
];
