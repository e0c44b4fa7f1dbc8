/**
 * Home and Companies screen wording: the spec's column names and the accessible names of
 * controls it does not word, shared by the portal and its end-to-end tests.
 */
export const COMPANY_LABELS = {
  search: 'Search',
  /** A SUPPORT-ADMIN's double-click on a connected company: why nothing happens. */
  removeNotAllowedTitle: 'Remove Company',
  removeNotAllowed: (company: string) =>
    `${company} stays: SUPPORT-ADMIN users may not remove companies from evoConnect`,
  companyId: 'Company ID',
  companyName: 'Company Name',
  storeId: 'Store ID',
  storeName: 'Store Name',
  version: 'Version',
  changeCompany: 'Change Company',
  /** Home: who holds a connected store's connection (issue 13), and since when. */
  connectedBy: (user: string, since: string) => `Connected by ${user} since ${since}`,
  /** Leaves a store list for the company list (media and message screens). */
  backToCompanySelect: 'Back to Company Select',
  versionText: (tentacleVersion: string) => `v ${tentacleVersion}`,
  save: 'Save',
  cancel: 'Cancel',
  companyUsername: 'Company Username',
  companyPassword: 'Company Password',
  storeUsername: 'Username',
  storePassword: 'Password',
  installedCompanyId: 'Company Id',
  installedStoreId: 'Store Id',
  editCompany: (company: string) => `Edit ${company}`,
  storeSearch: 'Search stores',
  passwordSet: 'password set: leave empty to keep it',
  /** Accessible names of Home's lists: the status column and the two tables. */
  status: 'Status',
  stores: 'Stores',
  companies: 'Companies',
} as const;
