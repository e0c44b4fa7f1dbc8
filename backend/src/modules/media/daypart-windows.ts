import type { ScheduleRepeat, ScheduleWindow, Weekday } from '@store-cloud/contracts';
import { RRule } from 'rrule';

/**
 * A repeating schedule's windows (dayparting, issue 32): the RRULE runs on "floating" wall-clock
 * times (UTC fields standing for the time of day in the zone), and each window's start and end
 * become instants in the zone here, so a window keeps its local hours across a DST change.
 */

const DAY_MS = 24 * 3600_000;
const RRULE_DAY = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
} as const satisfies Record<Weekday, unknown>;

export interface RepeatingSchedule {
  startDate: string;
  endDate: string;
  repeat: ScheduleRepeat;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** The wall-clock time in the zone at an instant, as a floating time (ms, UTC fields). */
export function floatingAt(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/**
 * The instant a floating wall-clock time happens in the zone. In the hour a DST change repeats,
 * the first; in the hour it skips, the same time after the change (02:30 becomes 03:30 in Berlin).
 */
export function instantOf(floating: number, timeZone: string): number {
  const offsetAt = (ms: number) => floatingAt(ms, timeZone) - Math.floor(ms / 1000) * 1000;
  const candidates = [offsetAt(floating - DAY_MS), offsetAt(floating + DAY_MS)].map(
    (offset) => floating - offset,
  );
  const exact = candidates.filter((c) => floatingAt(c, timeZone) === floating);
  return exact.length ? Math.min(...exact) : candidates[0]!;
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return { h: h!, m: m! };
};

/**
 * The windows of a repeating schedule that meet [from, to) (ms), each cut to the schedule's start
 * and end dates, by start. An end time before the start time ends on the next day.
 */
export function daypartWindows(s: RepeatingSchedule, from: number, to: number): ScheduleWindow[] {
  const { timeZone } = s.repeat;
  const first = Math.max(from, Date.parse(s.startDate));
  const last = Math.min(to, Date.parse(s.endDate));
  if (first >= last) return [];
  const start = minutesOf(s.repeat.startTime);
  const end = minutesOf(s.repeat.endTime);
  const overnight = end.h * 60 + end.m < start.h * 60 + start.m;
  // A day either side: a window that began the evening before `first` still counts.
  const dayOf = (ms: number) => Math.floor(floatingAt(ms, timeZone) / DAY_MS) * DAY_MS;
  const rule = new RRule({
    freq: RRule.WEEKLY,
    wkst: RRule.MO,
    byweekday: s.repeat.weekdays.map((d) => RRULE_DAY[d]),
    byhour: [start.h],
    byminute: [start.m],
    bysecond: [0],
    dtstart: new Date(dayOf(first) - DAY_MS),
    until: new Date(dayOf(last) + 2 * DAY_MS),
  });
  const windows: ScheduleWindow[] = [];
  for (const occurrence of rule.all()) {
    const startFloating = occurrence.getTime();
    const day = Math.floor(startFloating / DAY_MS) * DAY_MS + (overnight ? DAY_MS : 0);
    const endFloating = day + (end.h * 60 + end.m) * 60_000;
    const a = Math.max(instantOf(startFloating, timeZone), first);
    const b = Math.min(instantOf(endFloating, timeZone), last);
    if (a < b) windows.push({ start: new Date(a).toISOString(), end: new Date(b).toISOString() });
  }
  return windows;
}

/** The window that holds `at` (ms), if any. */
export function windowAt(s: RepeatingSchedule, at: number): ScheduleWindow | undefined {
  return daypartWindows(s, at - 2 * DAY_MS, at + DAY_MS).find(
    (w) => Date.parse(w.start) <= at && at < Date.parse(w.end),
  );
}

/** The first window of the schedule (its first week is enough: every weekday comes in it). */
export const firstWindow = (s: RepeatingSchedule): ScheduleWindow | undefined =>
  daypartWindows(s, Date.parse(s.startDate), Date.parse(s.startDate) + 8 * DAY_MS)[0];

/** The next moment after `at` (ms) when the files must move: a window's edge or the end. */
export function nextEdge(s: RepeatingSchedule, at: number): number | undefined {
  const edges = daypartWindows(s, at - DAY_MS, at + 8 * DAY_MS)
    .flatMap((w) => [Date.parse(w.start), Date.parse(w.end)])
    .concat(Date.parse(s.endDate))
    .filter((e) => e > at);
  return edges.length ? Math.min(...edges) : undefined;
}

/** The last edge at or before `at` (ms): when the current state should have begun. */
export function lastEdge(s: RepeatingSchedule, at: number): number | undefined {
  const edges = daypartWindows(s, at - 8 * DAY_MS, at + DAY_MS)
    .flatMap((w) => [Date.parse(w.start), Date.parse(w.end)])
    .concat(Date.parse(s.endDate))
    .filter((e) => e <= at);
  return edges.length ? Math.max(...edges) : undefined;
}

/** The first pair of overlapping windows of two repeating schedules, if any. */
export function firstOverlap(
  a: RepeatingSchedule,
  b: RepeatingSchedule,
): [ScheduleWindow, ScheduleWindow] | undefined {
  const from = Math.max(Date.parse(a.startDate), Date.parse(b.startDate));
  const to = Math.min(Date.parse(a.endDate), Date.parse(b.endDate));
  if (from >= to) return undefined;
  const bs = daypartWindows(b, from, to);
  for (const wa of daypartWindows(a, from, to)) {
    const wb = bs.find(
      (w) => Date.parse(wa.start) < Date.parse(w.end) && Date.parse(w.start) < Date.parse(wa.end),
    );
    if (wb) return [wa, wb];
  }
  return undefined;
}
