import { z } from 'zod';
import { wholeNumberSchema } from './common.schema';
import { SCHEDULE_STATUS, type Schedule, SCHEDULE_STATUSES } from './media-schedule.schema';
import {
  scheduleRepeatSchema,
  type ScheduleWindow,
  scheduleWindowSchema,
} from '../signage/dayparting';

/**
 * Schedule preview (issue 17 point 3): what a store shows at a moment, from its tags and the
 * schedules, pending ones included; and the store's schedules of the coming days.
 */
export const MEDIA_PREVIEW_API = { storeMediaAt: '/portal/storemediaat' } as const;

/** How far ahead the timeline of a store's schedules reaches. */
export const PREVIEW_TIMELINE_DAYS = 14;
const DAY_MS = 24 * 3600_000;

export const storeMediaAtQuerySchema = z.object({
  c: wholeNumberSchema,
  s: wholeNumberSchema,
  at: z.iso.datetime({ offset: true }),
});

export const previewFileSchema = z.object({
  tag: z.string(),
  filename: z.string(),
  url: z.string(),
  /** The schedule that puts it there; null: in the tag folder now, with no end. */
  scheduleId: z.string().nullable(),
  /** ISO time it leaves the tag (its schedule's end); null: no end set. */
  until: z.string().nullable(),
});
export type PreviewFile = z.infer<typeof previewFileSchema>;

export const timelineScheduleSchema = z.object({
  _id: z.string(),
  destination: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(SCHEDULE_STATUSES),
  files: z.array(z.string()),
  /** A repeating schedule's weekdays, times and time zone. */
  repeat: scheduleRepeatSchema.optional(),
  /** When its files are in the tag within the timeline: one window, or each daypart's. */
  windows: z.array(scheduleWindowSchema),
  /** The other schedules of the timeline on the same tag whose windows overlap this one. */
  overlapsWith: z.array(z.string()),
});
export type TimelineSchedule = z.infer<typeof timelineScheduleSchema>;

export const storeMediaAtSchema = z.object({
  companyId: z.number().int(),
  storeId: z.number().int(),
  at: z.string(),
  tags: z.array(z.string()),
  files: z.array(previewFileSchema),
  /** From now to PREVIEW_TIMELINE_DAYS ahead (and to `at` if later), by start. */
  timeline: z.array(timelineScheduleSchema),
});
export type StoreMediaAt = z.infer<typeof storeMediaAtSchema>;

export const MEDIA_PREVIEW_LABELS = {
  title: 'Schedule preview',
  at: 'Show the store at',
  files: (count: number) => `${count} ${count === 1 ? 'file' : 'files'} shown`,
  noFiles: 'No files shown at that time',
  fromSchedule: 'scheduled',
  until: 'until',
  timeline: (days: number) => `Schedules of the next ${days} days`,
  noSchedules: 'No schedules in this period',
  overlaps: 'Overlaps',
  tag: 'Tag',
  start: 'Start',
  end: 'End',
  status: 'Status',
  scheduleFiles: 'Files',
  windows: 'Windows',
  loading: 'Loading the preview',
  failed: 'Failed to get the preview',
} as const;

/**
 * A schedule as the preview reads it: a repeating one comes with its windows (the backend expands
 * them in the tag's time zone); any other has one window, its start to its end.
 */
export type PreviewSchedule = Schedule & { windows?: ScheduleWindow[] };

const windowsOf = (s: PreviewSchedule): ScheduleWindow[] =>
  s.windows ?? [{ start: s.startDate, end: s.endDate }];

const overlap = (a: ScheduleWindow, b: ScheduleWindow) =>
  Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);

const windowAt = (s: PreviewSchedule, at: number) =>
  windowsOf(s).find((w) => Date.parse(w.start) <= at && at < Date.parse(w.end));

/**
 * The files of each tag at `at` (ms): those in the tag folder now, less those of ACTIVE schedules
 * ending by then, plus those of READY schedules whose window holds `at`. A repeating schedule's
 * files show exactly when one of its windows holds `at`.
 */
export function previewTagFiles(
  tag: string,
  now: Array<{ filename: string }>,
  schedules: readonly PreviewSchedule[],
  at: number,
): Array<Pick<PreviewFile, 'filename' | 'scheduleId' | 'until'> & { pending: boolean }> {
  const mine = schedules.filter((s) => s.destination === tag);
  const result = new Map<string, ReturnType<typeof previewTagFiles>[number]>();
  for (const f of now)
    result.set(f.filename, { filename: f.filename, scheduleId: null, until: null, pending: false });
  const inTagNow = new Set(result.keys());
  for (const s of mine.filter((s) => s.repeat)) {
    const window = windowAt(s, at);
    for (const filename of s.files)
      if (!window) result.delete(filename);
      else
        result.set(filename, {
          filename,
          scheduleId: s._id,
          until: window.end,
          pending: !inTagNow.has(filename),
        });
  }
  for (const s of mine.filter((s) => !s.repeat && s.status === SCHEDULE_STATUS.active))
    for (const filename of s.files) {
      if (Date.parse(s.endDate) <= at) result.delete(filename);
      else if (result.has(filename))
        result.set(filename, { filename, scheduleId: s._id, until: s.endDate, pending: false });
    }
  for (const s of mine.filter((s) => !s.repeat && s.status === SCHEDULE_STATUS.ready))
    if (Date.parse(s.startDate) <= at && at < Date.parse(s.endDate))
      for (const filename of s.files)
        result.set(filename, { filename, scheduleId: s._id, until: s.endDate, pending: true });
  return [...result.values()].sort((a, b) => a.filename.localeCompare(b.filename));
}

/**
 * The open schedules on these tags with a window in [now, max(now + 14 days, at)], each with
 * those windows and the schedules whose windows overlap its own.
 */
export function scheduleTimeline(
  tags: readonly string[],
  schedules: readonly PreviewSchedule[],
  now: number,
  at: number,
): TimelineSchedule[] {
  const to = Math.max(now + PREVIEW_TIMELINE_DAYS * DAY_MS, at);
  const inRange = (w: ScheduleWindow) => Date.parse(w.end) > now && Date.parse(w.start) < to;
  const shown = schedules
    .filter((s) => s.status !== SCHEDULE_STATUS.expired && tags.includes(s.destination))
    .map((s) => ({ s, windows: windowsOf(s).filter(inRange) }))
    .filter((x) => x.windows.length > 0)
    .sort((a, b) => Date.parse(a.s.startDate) - Date.parse(b.s.startDate));
  return shown.map(({ s, windows }) => ({
    _id: s._id,
    destination: s.destination,
    startDate: s.startDate,
    endDate: s.endDate,
    status: s.status,
    files: s.files,
    ...(s.repeat ? { repeat: s.repeat } : {}),
    windows,
    overlapsWith: shown
      .filter(
        (o) =>
          o.s._id !== s._id &&
          o.s.destination === s.destination &&
          o.windows.some((ow) => windows.some((w) => overlap(w, ow))),
      )
      .map((o) => o.s._id),
  }));
}
