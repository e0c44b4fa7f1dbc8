import { z } from 'zod';
import { wholeNumberSchema } from '../schemas/common.schema';
import { MENU_LABELS } from '../texts';

/**
 * Proof of play (issue 32 item 1): stores report what their screens played, over their tentacle
 * socket in batches; the cloud keeps each batch once (by its id) and rolls the plays up per file,
 * tag, store, schedule and day, per company, so a day's and a month's roll-up are read, not
 * counted.
 */
export const PROOF_OF_PLAY_SOCKET = {
  /** Store to cloud: a ProofOfPlayBatch; the acknowledgement is a ProofOfPlayAck. */
  playsEvent: 'proof-of-play:plays',
} as const;

export const PROOF_OF_PLAY_API = {
  /** GET ?companyId&from&to&dimension[&tag|&storeId]: the roll-up rows. */
  rollup: '/portal/proofofplay',
  /** GET, the same query: the rows as CSV. */
  export: '/portal/proofofplay/export',
  /** GET ?companyId: every schedule's plays so far. */
  schedules: '/portal/proofofplay/schedules',
} as const;

/** Plays per batch a store sends at most (a store with more sends several). */
export const PROOF_OF_PLAY_MAX_BATCH = 500;
/** The longest range a roll-up covers, in days (a year). */
export const PROOF_OF_PLAY_MAX_DAYS = 366;

const text = (max: number) => z.string().trim().min(1).max(max);

/** One play of one file on one screen of the store that reports it. */
export const playSchema = z.object({
  /** The file's id (GET /portal/storemedia): a renamed or deleted file keeps its plays. */
  mediaId: text(64),
  /** The file's name when it played. */
  file: text(200),
  /** The tag folder the file played from. */
  tag: text(100),
  screen: text(100),
  startedAt: z.iso.datetime({ offset: true }),
  durationMs: z
    .number()
    .int()
    .min(1)
    .max(24 * 3600_000),
  /** The schedule that put the file on the store, when known. */
  scheduleId: text(64).optional(),
});
export type Play = z.infer<typeof playSchema>;

export const proofOfPlayBatchSchema = z.object({
  /** Chosen by the store once per batch; a batch sent again with its id counts once. */
  batchId: z.uuid(),
  plays: z.array(playSchema).min(1).max(PROOF_OF_PLAY_MAX_BATCH),
});
export type ProofOfPlayBatch = z.infer<typeof proofOfPlayBatchSchema>;

/** ok: kept (now or before), the store may forget it; false: send it again later. */
export const proofOfPlayAckSchema = z.object({ ok: z.boolean() });
export type ProofOfPlayAck = z.infer<typeof proofOfPlayAckSchema>;

export const PROOF_OF_PLAY_DIMENSIONS = ['file', 'tag', 'store', 'day'] as const;
export type ProofOfPlayDimension = (typeof PROOF_OF_PLAY_DIMENSIONS)[number];

export const PROOF_OF_PLAY_TEXT = {
  title: MENU_LABELS.proofOfPlay,
  filters: 'Proof of play filters',
  company: 'Company',
  chooseCompany: 'Choose a company',
  from: 'From',
  to: 'To',
  dimension: 'Per',
  dimensionLabel: {
    file: 'File',
    tag: 'Tag',
    store: 'Store',
    day: 'Day',
  } satisfies Record<ProofOfPlayDimension, string>,
  tag: 'Tag',
  anyTag: 'Any tag',
  store: 'Store',
  anyStore: 'Any store',
  plays: 'Plays',
  playTime: 'Play time',
  chart: 'Plays per row',
  table: 'Proof of play',
  loading: 'Loading plays',
  loadFailed: 'Failed to get the plays',
  empty: 'No plays in this range',
  exportCsv: 'Export CSV',
  total: (plays: number) => `${plays.toLocaleString('en-US')} plays in all`,
  schedulePlays: (plays: number) => `${plays.toLocaleString('en-US')} plays`,
  schedulePlaysTitle: 'Plays so far (proof of play)',
  /** Validation */
  dayFormat: 'must be a day as YYYY-MM-DD',
  toBeforeFrom: 'The end day must not be before the start day',
  rangeTooLong: `The range may cover at most ${PROOF_OF_PLAY_MAX_DAYS} days`,
  oneFilter: 'Filter by a tag or by a store, not both',
  unknownFile: (mediaId: string) => `File ${mediaId}`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = z
  .string()
  .regex(DAY, PROOF_OF_PLAY_TEXT.dayFormat)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), PROOF_OF_PLAY_TEXT.dayFormat);

/** A UTC day as the roll-ups name it. */
export const playDayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The roll-up query (the screen's filters and the CSV export). */
export const proofOfPlayQuerySchema = z
  .object({
    companyId: wholeNumberSchema,
    from: daySchema,
    to: daySchema,
    dimension: z.enum(PROOF_OF_PLAY_DIMENSIONS).default('file'),
    tag: text(100).optional(),
    storeId: wholeNumberSchema.optional(),
  })
  .refine((q) => q.to >= q.from, { message: PROOF_OF_PLAY_TEXT.toBeforeFrom, path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) <= PROOF_OF_PLAY_MAX_DAYS, {
    message: PROOF_OF_PLAY_TEXT.rangeTooLong,
    path: ['from'],
  })
  .refine((q) => q.tag === undefined || q.storeId === undefined, {
    message: PROOF_OF_PLAY_TEXT.oneFilter,
    path: ['storeId'],
  });
export type ProofOfPlayQuery = z.output<typeof proofOfPlayQuerySchema>;

/** One row: a file (by media id), tag, store (by id) or day, with its plays in the range. */
export const proofOfPlayRowSchema = z.object({
  key: z.string(),
  /** The file's latest name, the tag, the store id or the day. */
  label: z.string(),
  plays: z.number().int().nonnegative(),
  durationMs: z.number().int().nonnegative(),
});
export type ProofOfPlayRow = z.infer<typeof proofOfPlayRowSchema>;

export const proofOfPlayRollupSchema = z.object({
  companyId: z.number().int(),
  from: z.string(),
  to: z.string(),
  dimension: z.enum(PROOF_OF_PLAY_DIMENSIONS),
  rows: z.array(proofOfPlayRowSchema),
  plays: z.number().int().nonnegative(),
  durationMs: z.number().int().nonnegative(),
});
export type ProofOfPlayRollup = z.infer<typeof proofOfPlayRollupSchema>;

export const proofOfPlaySchedulesQuerySchema = z.object({ companyId: wholeNumberSchema });
export const scheduleRollupSchema = z.array(
  z.object({
    scheduleId: z.string(),
    plays: z.number().int().nonnegative(),
    durationMs: z.number().int().nonnegative(),
  }),
);
export type ScheduleRollup = z.infer<typeof scheduleRollupSchema>;

const csvCell = (v: string | number) => {
  const s = String(v);
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The CSV export of a roll-up: a header line, then one line per row. */
export function proofOfPlayCsv(rollup: ProofOfPlayRollup): string {
  const head = [PROOF_OF_PLAY_TEXT.dimensionLabel[rollup.dimension], 'key', 'plays', 'playSeconds'];
  const lines = rollup.rows.map((r) =>
    [r.label, r.key, r.plays, Math.round(r.durationMs / 1000)].map(csvCell).join(','),
  );
  return [head.join(','), ...lines].join('\r\n') + '\r\n';
}

export const proofOfPlayCsvName = (q: Pick<ProofOfPlayQuery, 'companyId' | 'from' | 'to'>) =>
  `proof-of-play-${q.companyId}-${q.from}-${q.to}.csv`;

/** The simulator's control API (the reference player): GET, a store's play tallies. */
export const simulatorPlaysPath = (companyId: number | string, storeId: number | string) =>
  `/stores/${companyId}/${storeId}/plays`;
export const simulatedPlaysSchema = z.object({
  /** Plays the store's screens played since its outbox began. */
  recorded: z.number().int().nonnegative(),
  /** Of those, the plays the cloud acknowledged. */
  acknowledged: z.number().int().nonnegative(),
  /** Plays kept on the store's disk, not yet acknowledged. */
  pendingPlays: z.number().int().nonnegative(),
  pendingBatches: z.number().int().nonnegative(),
});
export type SimulatedPlays = z.infer<typeof simulatedPlaysSchema>;
