import type { QuietWindow } from '@store-cloud/contracts';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday (0 Sunday) and minute of the day at `at` in the time zone. */
export function localTime(at: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    day: WEEKDAYS.indexOf(part('weekday')),
    minute: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes left in the window at this local time, or 0 when outside it. */
function minutesLeft(w: QuietWindow, day: number, minute: number): number {
  const from = minutesOf(w.from);
  const to = minutesOf(w.to);
  if (from < to) return w.days.includes(day) && minute >= from && minute < to ? to - minute : 0;
  // Past midnight: the evening part on a listed day, the morning part on the day after one.
  if (w.days.includes(day) && minute >= from) return DAY_MINUTES - minute + to;
  if (w.days.includes((day + 6) % 7) && minute < to) return to - minute;
  return 0;
}

/**
 * When the quiet time around `now` ends, or undefined when `now` is not quiet. Windows that
 * follow one another (Friday night into Saturday) count as one quiet time.
 */
export function quietUntil(
  windows: readonly QuietWindow[],
  timeZone: string,
  now: Date,
): Date | undefined {
  let at = now;
  // Each step moves to the end of a window; a week of back-to-back windows is the most there is.
  for (let step = 0; step < 8 * Math.max(1, windows.length); step++) {
    const { day, minute } = localTime(at, timeZone);
    const left = Math.max(0, ...windows.map((w) => minutesLeft(w, day, minute)));
    if (!left) return at === now ? undefined : at;
    // Whole minutes from the start of the current local minute.
    at = new Date(Math.floor(at.getTime() / MINUTE) * MINUTE + left * MINUTE);
  }
  return at;
}
