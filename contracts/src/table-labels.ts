/** The shared table's texts (issue 30: sortable, paged and virtualised lists). */
export const TABLE_LABELS = {
  sortBy: (column: string) => `Sort by ${column}`,
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  pages: 'Pages',
} as const;

/** Home's fleet summary (issue 30 item 6). */
export const FLEET_SUMMARY_TEXT = {
  title: 'Fleet',
  company: 'Company',
  online: 'Online',
  offline: 'Offline',
  connected: 'Connected',
  openIncidents: 'Open incidents',
  noStores: 'No stores to summarise yet',
} as const;

/** Rows above which a table renders only what is in view. */
export const VIRTUAL_ROWS_FROM = 200;
