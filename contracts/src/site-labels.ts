/**
 * Store page, function frame and Status screen wording the spec does not fix (accessible names,
 * card titles), shared by the portal and its end-to-end tests.
 */
export const SITE_LABELS = {
  openBos: 'Open evoBOS',
  /** Leaves the store (its site logout) and goes Home (issue 30: leaving was clicking Home). */
  disconnect: 'Disconnect',
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
  closeConsequence: (user: string) =>
    `${user} loses the store session at once and is shown the timeout screen.`,
  user: 'User',
  cancel: 'Cancel',
  /** A company or store in a status table: its name and id, or the id alone when unknown. */
  nameAndId: (name: string | undefined, id: number) => (name ? `${name} (${id})` : String(id)),
  yes: 'Yes',
  no: 'No',
  loading: 'Loading',
} as const;
