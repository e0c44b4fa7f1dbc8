import { COMPANY_LABELS } from '../company-labels';

/**
 * Message and SQL backup screen wording the spec does not give (accessible names, headings,
 * column names), shared by the portal and its end-to-end tests. The spec's own strings are
 * MESSAGING_TEXT and SQL_BACKUP_TEXT.
 */
export const MESSAGING_LABELS = {
  /** The MessageHistory command's answer, one table per site. */
  historyOf: (store: string) => `Message History of ${store}`,
  historyReceived: 'Received',
  historyEmpty: 'No messages in the history',
  targetSites: 'Target Sites',
  clearTargets: 'Clear',
  noTargets: 'No sites selected',
  search: COMPANY_LABELS.search,
  companyId: COMPANY_LABELS.companyId,
  companyName: COMPANY_LABELS.companyName,
  storeId: COMPANY_LABELS.storeId,
  storeName: COMPANY_LABELS.storeName,
  companies: 'Companies',
  stores: 'Stores',
  backToCompanies: COMPANY_LABELS.backToCompanySelect,
  selectStoreFirst: 'Select a store to see its workstations',
  workstations: 'Workstations',
  workstationId: 'Workstation',
  workstationType: 'Type',
  noWorkstations: 'No POS or BOS workstations found',
  workstationsFailed: 'Failed to get the workstations of the store',
  polesigns: 'Pole sign brands',
  polesignLoading: 'Reading the pole signs of the stores',
  polesignStores: (brand: string, count: number) =>
    `${brand}: ${count} ${count === 1 ? 'store' : 'stores'}`,
  messageType: 'Message Type',
  content: 'Content',
  operation: 'Operation',
  chooseOperation: 'Choose an operation',
  destinations: 'Destinations',
  logLevel: 'Log Level',
  logLevelTimePeriod: 'Log Level Time Period (minutes, 0 is permanent)',
  logPeriod: 'Log Level Time Period',
  prepareMessage: 'Prepare Message',
  needsTargetSite: 'At least one target site is needed',
  needsDestination: 'At least one destination is needed',
  messageDetails: 'Message Details',
  messageId: 'Id',
  dateTime: 'Date/Time',
  permanent: 'Permanent',
  minutes: (n: number) => `${n} minutes`,
  result: 'Result',
  progress: (done: number, total: number) => `${done} of ${total} sites done`,
  loading: 'Loading',
  companiesFailed: 'Failed to get the companies',
} as const;

export const SQL_BACKUP_LABELS = {
  installations: 'SQL Backup Installations',
  filter: 'Filter by outcome',
  company: 'Company',
  store: 'Store',
  name: 'Name',
  started: 'Started',
  finished: 'Finished',
  result: 'Result',
  details: (name: string) => `Installation ${name}`,
  close: 'Close',
  loading: 'Loading',
  countButton: (label: string, count: number) => `${label} (${count})`,
  /** A count button while the installations load: no number yet. */
  countLoading: (label: string) => `${label} (…)`,
} as const;
