/**
 * Store page, function frame and Status screen wording the spec does not fix (accessible names,
 * card titles), shared by the portal and its end-to-end tests.
 */
export const SITE_LABELS = {
  openBos: 'Open evoBOS',
  siteStatus: 'Site Status',
  bosVersions: 'evoBOS Versions',
  bosVersion: (n: number) => `evoBOS ${n}`,
  servingService: 'Serving Service',
  dealService: 'Deal Service',
  bookingService: 'Booking Service',
  pumpService: 'Pump Service',
  router: 'Router',
  /** A status call that failed (spec §8: failed status calls show '-'). */
  unknownVersion: '-',
  backOfficeFrame: 'Back office',
  company: 'Company',
  store: 'Store',
  lastContact: 'Last Contact',
  lastAccessed: 'Last Accessed',
  version: 'Version',
  id: 'ID',
  query: 'Query',
  time: 'Time',
  url: 'URL',
  clear: 'Clear',
  closeConnection: 'Close connection',
  confirmClose: (company: number | string, store: number | string) =>
    `Close the connection to store ${store} of company ${company}?`,
  yes: 'Yes',
  no: 'No',
  loading: 'Loading',
} as const;
