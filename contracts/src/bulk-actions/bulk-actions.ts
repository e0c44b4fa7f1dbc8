import { z } from 'zod';
import { type SiteMessage, siteMessageSchema } from '../messaging/messaging';
import { messageDelivery } from '../messaging/send-to-sites';

/**
 * One result grid for every bulk action (issue 32 item 4): a message, a log level change or a
 * schedule push to many stores is recorded with what became of it at each store, can be retried
 * at exactly the stores where it failed, and exported as CSV. Targets may be a saved selection
 * (companies, tags, online state) that the backend resolves when the action is sent.
 */
export const BULK_ACTIONS_API = {
  actions: '/portal/bulkactions',
  action: (id: string) => `/portal/bulkactions/${encodeURIComponent(id)}`,
  retryFailed: (id: string) => `/portal/bulkactions/${encodeURIComponent(id)}/retryfailed`,
  csv: (id: string) => `/portal/bulkactions/${encodeURIComponent(id)}/csv`,
  selections: '/portal/bulkselections',
  selection: (id: string) => `/portal/bulkselections/${encodeURIComponent(id)}`,
  selectionStores: (id: string) => `/portal/bulkselections/${encodeURIComponent(id)}/stores`,
} as const;
/** The same routes as the backend and its documentation write them. */
export const BULK_ACTIONS_ROUTES = {
  actions: BULK_ACTIONS_API.actions,
  action: '/portal/bulkactions/{id}',
  retryFailed: '/portal/bulkactions/{id}/retryfailed',
  csv: '/portal/bulkactions/{id}/csv',
  selections: BULK_ACTIONS_API.selections,
  selection: '/portal/bulkselections/{id}',
  selectionStores: '/portal/bulkselections/{id}/stores',
} as const;

export const BULK_ACTION_KIND = {
  message: 'message',
  logLevel: 'logLevel',
  schedulePush: 'schedulePush',
} as const;
export const BULK_ACTION_KINDS = [
  BULK_ACTION_KIND.message,
  BULK_ACTION_KIND.logLevel,
  BULK_ACTION_KIND.schedulePush,
] as const;
export type BulkActionKind = (typeof BULK_ACTION_KINDS)[number];
/** The kinds "Retry failed only" can send again (a schedule push is retried by its schedule). */
export const BULK_RETRYABLE_KINDS: readonly BulkActionKind[] = [
  BULK_ACTION_KIND.message,
  BULK_ACTION_KIND.logLevel,
];

/**
 * What became of the action at one store. queued: not tried yet; held: the store was away, the
 * call waits in its outbox; delivered: it reached the store (a held call sent on its return, files
 * moved into the store's media folder); acknowledged: the store answered that it applied it;
 * failed: with its reason; unknown: the store did not answer in time (it may have applied it).
 */
export const BULK_STORE_STATE = {
  queued: 'queued',
  held: 'held',
  delivered: 'delivered',
  acknowledged: 'acknowledged',
  failed: 'failed',
  unknown: 'unknown',
} as const;
export const BULK_STORE_STATES = [
  BULK_STORE_STATE.queued,
  BULK_STORE_STATE.held,
  BULK_STORE_STATE.delivered,
  BULK_STORE_STATE.acknowledged,
  BULK_STORE_STATE.failed,
  BULK_STORE_STATE.unknown,
] as const;
export type BulkStoreState = (typeof BULK_STORE_STATES)[number];
/** States that may still change on their own (the grid keeps refreshing while any is left). */
export const BULK_OPEN_STATES: readonly BulkStoreState[] = [
  BULK_STORE_STATE.queued,
  BULK_STORE_STATE.held,
];

/**
 * A store still queued this long after its action started will get no outcome (the portal's send
 * loop was closed, or the backend sending it died): shown as unknown, as it may have been sent.
 */
export const BULK_QUEUED_STALE_MS = 15 * 60_000;

export const BULK_STORE_STATE_LABEL: Record<BulkStoreState, string> = {
  queued: 'Queued',
  held: 'Held',
  delivered: 'Delivered',
  acknowledged: 'Acknowledged',
  failed: 'Failed',
  unknown: 'Unknown',
};
export const BULK_ACTION_KIND_LABEL: Record<BulkActionKind, string> = {
  message: 'Message',
  logLevel: 'Log level',
  schedulePush: 'Schedule push',
};

export const ONLINE_STATE = { any: 'any', online: 'online', offline: 'offline' } as const;
export const ONLINE_STATES = [ONLINE_STATE.any, ONLINE_STATE.online, ONLINE_STATE.offline] as const;
export type OnlineState = (typeof ONLINE_STATES)[number];

export const BULK_ACTIONS_TEXT = {
  menu: 'Bulk actions',
  title: 'Bulk actions',
  none: 'No bulk actions yet',
  loading: 'Loading',
  failedToLoad: 'Failed to get the bulk actions',
  kind: 'Action',
  what: 'What',
  by: 'By',
  at: 'When',
  stores: 'Stores',
  store: 'Store',
  company: 'Company',
  state: 'State',
  reason: 'Reason',
  updated: 'Updated',
  allStates: 'All',
  open: 'Results',
  back: 'All bulk actions',
  retryFailed: 'Retry failed only',
  retrying: 'Retrying',
  confirmRetry: (stores: number) =>
    `Send this action again to the ${stores} store(s) where it failed? No other store gets it.`,
  confirm: 'Retry',
  cancel: 'Cancel',
  retryOf: 'Retry of an earlier action',
  retriedBy: 'Retried',
  noFailed: 'No store failed',
  exportCsv: 'Export CSV',
  noResults: 'No store in this state',
  selection: 'Saved selection',
  selections: 'Saved selections',
  noSelections: 'No saved selections',
  useSelection: 'Use',
  saveSelection: 'Save selection',
  selectionName: 'Name',
  selectionCompanies: 'Companies (all of yours when none)',
  selectionTags: 'Tags (comma separated; any of them)',
  selectionOnline: 'Online state',
  deleteSelection: 'Delete',
  resolvesTo: (stores: number) => `${stores} store(s) now`,
  sendToSelection: 'Send to a saved selection',
  sendToSelectionHelp:
    'Sends the message of Create Message to the stores the selection names at the moment it is sent; its results open in Bulk actions.',
  chooseSelection: 'Saved selection',
  sendMessage: 'Send to selection',
  send: 'Send',
  confirmSend: (name: string, stores: number) =>
    `Send the message to the stores of ${name}? It names ${stores} store(s) now; the stores are looked up again as it is sent.`,
  sent: 'Sent to the saved selection',
  onlineLabel: { any: 'Online or offline', online: 'Online only', offline: 'Offline only' },
  cannotRetryKind: 'This kind of action cannot be retried from here',
  alreadyRetried: 'This action was already retried',
  notFound: 'No such bulk action',
  selectionNotFound: 'No such saved selection',
  noStores: 'The selection names no store',
  heldFailed: 'The store refused the held call',
  messageManagerRequired: 'The Message Manager application is required',
  offline: 'The store is offline',
  noOutcome: 'No outcome was reported: the send stopped before this store',
  schedulePush: (destination: string, step: 'start' | 'end', files: readonly string[]) =>
    `${step === 'start' ? 'Into' : 'Out of'} ${destination}: ${files.join(', ')}`.slice(0, 200),
  notMoved: (files: readonly string[], why: string) =>
    `Not moved: ${files.join(', ')}${why ? ` (${why})` : ''}`.slice(0, 500),
} as const;

const objectId = z.string().regex(/^[0-9a-f]{24}$/i, 'must be an id');
export const bulkActionIdSchema = z.object({ id: objectId });
export const bulkSelectionIdSchema = z.object({ id: objectId });

export const bulkTargetStoreSchema = z.object({
  companyId: z.number().int().min(0),
  storeId: z.number().int().min(0),
});

/** A saved selection: resolved to stores when an action is sent, not when it is saved. */
export const bulkSelectionInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  companyIds: z.array(z.number().int().min(0)).max(1000).default([]),
  tags: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  online: z.enum(ONLINE_STATES).default(ONLINE_STATE.any),
});
export type BulkSelectionInput = z.input<typeof bulkSelectionInputSchema>;
export const bulkSelectionSchema = bulkSelectionInputSchema.extend({
  id: z.string(),
  user: z.string(),
  createdAt: z.string(),
});
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;
export const bulkSelectionListSchema = z.array(bulkSelectionSchema);

export const resolvedStoreSchema = bulkTargetStoreSchema.extend({
  companyName: z.string(),
  storeName: z.string(),
});
export type ResolvedStore = z.infer<typeof resolvedStoreSchema>;
export const resolvedStoresSchema = z.array(resolvedStoreSchema);

/**
 * POST /portal/bulkactions: a message or log level change sent by the backend to the stores of
 * a saved selection (resolved now) or to the stores named.
 */
export const createBulkActionSchema = z
  .object({
    message: siteMessageSchema,
    selectionId: objectId.optional(),
    stores: z.array(bulkTargetStoreSchema).min(1).max(10_000).optional(),
  })
  .refine((b) => (b.selectionId ? 1 : 0) + (b.stores ? 1 : 0) === 1, {
    message: 'name either a saved selection or the stores',
    path: ['stores'],
  });
export type CreateBulkAction = z.infer<typeof createBulkActionSchema>;

export const bulkStoreResultSchema = resolvedStoreSchema.extend({
  state: z.enum(BULK_STORE_STATES),
  reason: z.string().nullable(),
  /** ISO time of the last change. */
  at: z.string().nullable(),
});
export type BulkStoreResult = z.infer<typeof bulkStoreResultSchema>;

export const bulkCountsSchema = z.record(z.enum(BULK_STORE_STATES), z.number().int());
export type BulkCounts = z.infer<typeof bulkCountsSchema>;

export const bulkActionSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(BULK_ACTION_KINDS),
  /** What was sent, in one line (the message text, the level, the schedule's files). */
  summary: z.string(),
  user: z.string(),
  createdAt: z.string(),
  retryOf: z.string().nullable(),
  retriedBy: z.string().nullable(),
  /** Name of the saved selection it was sent to, if any. */
  selection: z.string().nullable(),
  counts: bulkCountsSchema,
  total: z.number().int(),
});
export type BulkActionSummary = z.infer<typeof bulkActionSummarySchema>;
export const bulkActionSchema = bulkActionSummarySchema.extend({
  results: z.array(bulkStoreResultSchema),
});
export type BulkAction = z.infer<typeof bulkActionSchema>;

export const bulkActionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(BULK_ACTION_KINDS).optional(),
});
export const bulkActionPageSchema = z.object({
  items: z.array(bulkActionSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BulkActionPage = z.infer<typeof bulkActionPageSchema>;

export const emptyBulkCounts = (): BulkCounts =>
  Object.fromEntries(BULK_STORE_STATES.map((s) => [s, 0])) as BulkCounts;

export const bulkCounts = (results: ReadonlyArray<{ state: BulkStoreState }>): BulkCounts => {
  const counts = emptyBulkCounts();
  for (const r of results) counts[r.state]++;
  return counts;
};

/** The stores a retry-failed-only goes to: exactly those whose state is failed. */
export const failedStores = <T extends { state: BulkStoreState }>(results: readonly T[]): T[] =>
  results.filter((r) => r.state === BULK_STORE_STATE.failed);

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const BULK_CSV_HEADER = [
  'companyId',
  'companyName',
  'storeId',
  'storeName',
  'state',
  'reason',
  'updatedAt',
] as const;

/** The result grid as CSV, one line per store. */
export function bulkResultsCsv(results: readonly BulkStoreResult[]): string {
  const lines = [BULK_CSV_HEADER.join(',')];
  for (const r of results)
    lines.push(
      [r.companyId, r.companyName, r.storeId, r.storeName, r.state, r.reason, r.at]
        .map(csvCell)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/** The kind of bulk action a message is: a log level command, else a message. */
export const messageBulkKind = (message: SiteMessage): BulkActionKind =>
  messageDelivery(message) === 'logLevel' ? BULK_ACTION_KIND.logLevel : BULK_ACTION_KIND.message;

/** A message in one line for the list of bulk actions. */
export function messageBulkSummary(message: SiteMessage): string {
  const { content, logLevel, logLevelTimePeriod } = message.payload;
  if (messageBulkKind(message) === BULK_ACTION_KIND.logLevel)
    return `${content} ${logLevel ?? ''}${logLevelTimePeriod ? ` for ${logLevelTimePeriod} min` : ''}`.trim();
  return `${message.type}: ${content}`.slice(0, 200);
}

/** The locations field of a message sent to these stores ('company-store'). */
export const messageLocations = (stores: ReadonlyArray<{ companyId: number; storeId: number }>) =>
  stores.map((s) => `${s.companyId}-${s.storeId}`);

const oneOrMany = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];

/**
 * The portal's "Save selection" form: companies as checked boxes (one box answers a string, none
 * false), tags as one comma-separated line; its output is what POST /portal/bulkselections takes.
 */
export const bulkSelectionFormSchema = z.object({
  name: bulkSelectionInputSchema.shape.name,
  companyIds: z.preprocess(oneOrMany, z.array(z.coerce.number().int().min(0)).max(1000)),
  tags: z
    .string()
    .max(5000)
    .transform((line) => [
      ...new Set(
        line
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().min(1).max(100)).max(50)),
  online: z.enum(ONLINE_STATES),
});
