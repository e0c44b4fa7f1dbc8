import { z } from 'zod';

/**
 * Dayparting (issue 32 item 2): a schedule that repeats on weekdays between two times of day, in
 * the time zone of its tag's stores. Its start and end dates bound the repeat; within them the
 * files are in the tag only during each window.
 */

/** Weekdays as RRULE names them, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABEL: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};

/** How long a repeating schedule may run: keeps its windows, checks and preview bounded. */
export const DAYPART_MAX_DAYS = 366;

export const DAYPART_TEXT = {
  repeat: 'Repeat on weekdays (dayparting)',
  legend:
    "The files are shown only from the start time to the end time on the chosen weekdays, between the schedule's start and end dates, in the time zone of the tag's stores. An end time before the start time runs past midnight.",
  weekdays: 'Weekdays',
  startTime: 'Daily start time',
  endTime: 'Daily end time',
  noWeekday: 'Choose at least one weekday',
  timeFormat: 'Enter a time as HH:MM',
  sameTimes: 'The daily end time must differ from the start time',
  tooLong: `A repeating schedule can run for at most ${DAYPART_MAX_DAYS} days`,
  noWindow: 'The repeat has no window between the start and end dates',
  overlap: (tag: string, window: string) =>
    `This schedule's windows overlap another repeating schedule on tag ${tag} (${window}). Change the weekdays or times, or the other schedule.`,
  mixedTimeZones: (tag: string, zones: readonly string[]) =>
    `The stores of tag ${tag} are in different time zones (${zones.join(', ')}): a repeating schedule needs them in one`,
  unknownTimeZone: (zone: string) => `The time zone ${zone} of the stores is unknown`,
  windows: 'Windows',
  inZone: (zone: string) => `in ${zone}`,
} as const;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, DAYPART_TEXT.timeFormat);

/** What the schedule form asks for a repeat; the backend pipe parses the same. */
export const repeatFieldsSchema = z
  .object({
    weekdays: z
      .array(z.enum(WEEKDAYS))
      .min(1, DAYPART_TEXT.noWeekday)
      .max(WEEKDAYS.length)
      .refine((d) => new Set(d).size === d.length, DAYPART_TEXT.noWeekday),
    startTime: clockTime,
    endTime: clockTime,
  })
  .refine((r) => r.startTime !== r.endTime, {
    message: DAYPART_TEXT.sameTimes,
    path: ['endTime'],
  });
export type RepeatFields = z.infer<typeof repeatFieldsSchema>;

/** A saved repeat: the fields and the IANA time zone they were read in when it was saved. */
export const scheduleRepeatSchema = z.object({
  weekdays: z.array(z.enum(WEEKDAYS)),
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
});
export type ScheduleRepeat = z.infer<typeof scheduleRepeatSchema>;

/** One window of a schedule: [start, end) as ISO times. */
export const scheduleWindowSchema = z.object({ start: z.string(), end: z.string() });
export type ScheduleWindow = z.infer<typeof scheduleWindowSchema>;

/** Whether a repeating schedule's dates stay within DAYPART_MAX_DAYS. */
export const repeatSpanFits = (s: { startDate: string; endDate: string }) =>
  Date.parse(s.endDate) - Date.parse(s.startDate) <= DAYPART_MAX_DAYS * 24 * 3600_000;

/** "Mon, Wed 09:00–11:00", as the schedule list and the messages show a repeat. */
export const describeRepeat = (
  r: Pick<RepeatFields, 'weekdays' | 'startTime' | 'endTime'>,
  /** The weekdays' names: the portal gives them in the page's language. */
  weekdayLabel: Record<(typeof WEEKDAYS)[number], string> = WEEKDAY_LABEL,
) =>
  `${WEEKDAYS.filter((d) => r.weekdays.includes(d))
    .map((d) => weekdayLabel[d])
    .join(', ')} ${r.startTime}–${r.endTime}`;
