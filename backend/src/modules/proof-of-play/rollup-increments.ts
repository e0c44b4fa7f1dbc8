import { type Play, playDayOf, type ProofOfPlayQuery } from '@store-cloud/contracts';
import type { RollupCell } from './schemas/play-rollup.schema';

/** The one document per company of every schedule's plays so far. */
export const SCHEDULE_DIM = 'schedule';
export const TOTAL_DAY = 'total';

/** A key as a field name: no '.', no leading '$' (DESIGN §7). */
export const encodeKey = (key: string) => encodeURIComponent(key).replace(/\./g, '%2E');
export const decodeKey = (field: string) => decodeURIComponent(field);

export const rollupId = (companyId: number, dim: string, filter: string, day: string) =>
  `${companyId}|${dim}|${filter}|${day}`;

export const tagFilter = (tag: string) => `tag:${tag}`;
export const storeFilter = (storeId: number) => `store:${storeId}`;

export interface RollupIncrement {
  id: string;
  /** A calendar month's document (`popmonthly`, day `YYYY-MM`), else a day's (`popdaily`). */
  monthly: boolean;
  companyId: number;
  dim: string;
  filter: string;
  day: string;
  /** Encoded key to what this batch adds (l: the label to keep). */
  cells: Map<string, RollupCell>;
}

/**
 * What one store's batch adds to the roll-ups: per play's day, the totals per file, tag, store
 * and day (filter ''), the same within its tag (file, store, day) and within its store (file,
 * tag, day), and its schedule's total. Filters and dimensions are pre-combined so any screen
 * query reads whole documents.
 */
export function rollupIncrements(
  companyId: number,
  storeId: number,
  plays: readonly Play[],
): RollupIncrement[] {
  const docs = new Map<string, RollupIncrement>();
  const add = (
    dim: string,
    filter: string,
    day: string,
    key: string,
    label: string,
    play: Play,
    monthly = false,
  ) => {
    const id = `${monthly ? 'm' : 'd'}${rollupId(companyId, dim, filter, day)}`;
    let doc = docs.get(id);
    if (!doc)
      docs.set(
        id,
        (doc = {
          id: id.slice(1),
          monthly,
          companyId,
          dim,
          filter,
          day,
          cells: new Map(),
        }),
      );
    const field = encodeKey(key);
    const cell = doc.cells.get(field) ?? { p: 0, d: 0, l: label };
    cell.p += 1;
    cell.d += play.durationMs;
    cell.l = label;
    doc.cells.set(field, cell);
  };
  const store = String(storeId);
  for (const play of plays) {
    const day = playDayOf(play.startedAt);
    // The same cells once in the day's document and once in its calendar month's.
    for (const [period, monthly] of [
      [day, false],
      [day.slice(0, 7), true],
    ] as const)
      for (const filter of ['', tagFilter(play.tag), storeFilter(storeId)]) {
        add('file', filter, period, play.mediaId, play.file, play, monthly);
        add('day', filter, period, day, day, play, monthly);
        if (!filter.startsWith('tag:'))
          add('tag', filter, period, play.tag, play.tag, play, monthly);
        if (!filter.startsWith('store:')) add('store', filter, period, store, store, play, monthly);
      }
    if (play.scheduleId) add(SCHEDULE_DIM, '', TOTAL_DAY, play.scheduleId, play.scheduleId, play);
  }
  return [...docs.values()];
}

/**
 * Which documents answer a query: the dimension's documents under the query's filter, except a
 * dimension filtered by itself (per tag within one tag), which reads the unfiltered documents
 * and keeps the one key.
 */
export function rollupSource(q: Pick<ProofOfPlayQuery, 'dimension' | 'tag' | 'storeId'>): {
  dim: string;
  filter: string;
  onlyKey?: string;
} {
  if (q.tag !== undefined)
    return q.dimension === 'tag'
      ? { dim: 'tag', filter: '', onlyKey: q.tag }
      : { dim: q.dimension, filter: tagFilter(q.tag) };
  if (q.storeId !== undefined)
    return q.dimension === 'store'
      ? { dim: 'store', filter: '', onlyKey: String(q.storeId) }
      : { dim: q.dimension, filter: storeFilter(q.storeId) };
  return { dim: q.dimension, filter: '' };
}

/** A document a range reads: a calendar month's (`YYYY-MM`) or a day's (`YYYY-MM-DD`). */
export interface RollupPeriod {
  period: string;
  monthly: boolean;
}

/**
 * The documents that cover `from` to `to`, oldest first: each calendar month wholly inside the
 * range as one monthly document, the days of the partial months at either end as daily ones.
 */
export function periodsOf(from: string, to: string): RollupPeriod[] {
  const periods: RollupPeriod[] = [];
  const days = daysOf(from, to);
  for (let i = 0; i < days.length;) {
    const day = days[i]!;
    const month = day.slice(0, 7);
    const last = lastDayOf(month);
    if (day.endsWith('-01') && last <= to) {
      periods.push({ period: month, monthly: true });
      i += Number(last.slice(8));
    } else {
      periods.push({ period: day, monthly: false });
      i += 1;
    }
  }
  return periods;
}

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
};

/** Every day from `from` to `to` (YYYY-MM-DD, both included). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
