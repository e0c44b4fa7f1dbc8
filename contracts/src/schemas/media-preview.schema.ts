import { z } from 'zod';
import { wholeNumberSchema } from './common.schema';
import { SCHEDULE_STATUS, type Schedule, SCHEDULE_STATUSES } from './media-schedule.schema';

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
  loading: 'Loading the preview',
  failed: 'Failed to get the preview',
} as const;

const overlap = (a: Pick<Schedule, 'startDate' | 'endDate'>, b: typeof a) =>
  Date.parse(a.startDate) < Date.parse(b.endDate) &&
  Date.parse(b.startDate) < Date.parse(a.endDate);

/**
 * The files of each tag at `at` (ms): those in the tag folder now, less those of ACTIVE schedules
 * ending by then, plus those of READY schedules whose window holds `at`.
 */
export function previewTagFiles(
  tag: string,
  now: Array<{ filename: string }>,
  schedules: readonly Schedule[],
  at: number,
): Array<Pick<PreviewFile, 'filename' | 'scheduleId' | 'until'> & { pending: boolean }> {
  const mine = schedules.filter((s) => s.destination === tag);
  const result = new Map<string, ReturnType<typeof previewTagFiles>[number]>();
  for (const f of now)
    result.set(f.filename, { filename: f.filename, scheduleId: null, until: null, pending: false });
  for (const s of mine.filter((s) => s.status === SCHEDULE_STATUS.active))
    for (const filename of s.files) {
      if (Date.parse(s.endDate) <= at) result.delete(filename);
      else if (result.has(filename))
        result.set(filename, { filename, scheduleId: s._id, until: s.endDate, pending: false });
    }
  for (const s of mine.filter((s) => s.status === SCHEDULE_STATUS.ready))
    if (Date.parse(s.startDate) <= at && at < Date.parse(s.endDate))
      for (const filename of s.files)
        result.set(filename, { filename, scheduleId: s._id, until: s.endDate, pending: true });
  return [...result.values()].sort((a, b) => a.filename.localeCompare(b.filename));
}

/** The open schedules on these tags that touch [now, max(now + 14 days, at)], with overlaps. */
export function scheduleTimeline(
  tags: readonly string[],
  schedules: readonly Schedule[],
  now: number,
  at: number,
): TimelineSchedule[] {
  const to = Math.max(now + PREVIEW_TIMELINE_DAYS * DAY_MS, at);
  const shown = schedules
    .filter(
      (s) =>
        s.status !== SCHEDULE_STATUS.expired &&
        tags.includes(s.destination) &&
        Date.parse(s.endDate) > now &&
        Date.parse(s.startDate) < to,
    )
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  return shown.map((s) => ({
    _id: s._id,
    destination: s.destination,
    startDate: s.startDate,
    endDate: s.endDate,
    status: s.status,
    files: s.files,
    overlapsWith: shown
      .filter((o) => o._id !== s._id && o.destination === s.destination && overlap(s, o))
      .map((o) => o._id),
  }));
}
