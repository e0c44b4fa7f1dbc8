import type { ScheduleStatus } from '@store-cloud/contracts';
import { firstWindow, lastEdge, type RepeatingSchedule, windowAt } from './daypart-windows';

/** Where a repeating schedule's files are: waiting, in the tag (on air), or expired. */
export type RepeatPlace = 'pending' | 'tag' | 'expired';

export interface RepeatState {
  status: ScheduleStatus;
  onAir: boolean;
}

export interface RepeatStep {
  state: RepeatState;
  /** The move that reaches it; none when only the status changes (a window missed while down). */
  move?: { from: RepeatPlace; to: RepeatPlace; kind: 'start' | 'end' };
  /** The edge the step belongs to (ms), to measure how late it runs. */
  since: number;
}

export const placeOf = (s: RepeatState): RepeatPlace =>
  s.status === 'EXPIRED' ? 'expired' : s.onAir ? 'tag' : 'pending';

/**
 * What a repeating schedule must do at `at` (ms) from where it stands: ACTIVE from its first
 * window on, its files in the tag inside each window and back in pending between them, EXPIRED
 * with its files in expired from its end. Undefined when it stands where it should.
 */
export function repeatStep(
  s: RepeatingSchedule,
  current: RepeatState,
  at: number,
): RepeatStep | undefined {
  if (current.status === 'EXPIRED') return undefined;
  let want: RepeatState;
  if (at >= Date.parse(s.endDate)) want = { status: 'EXPIRED', onAir: false };
  else if (windowAt(s, at)) want = { status: 'ACTIVE', onAir: true };
  else {
    const first = firstWindow(s);
    const started = current.status === 'ACTIVE' || (!!first && at >= Date.parse(first.start));
    want = { status: started ? 'ACTIVE' : 'READY', onAir: false };
  }
  if (want.status === current.status && want.onAir === current.onAir) return undefined;
  const from = placeOf(current);
  const to = placeOf(want);
  const since = lastEdge(s, at) ?? at;
  if (from === to) return { state: want, since };
  return { state: want, move: { from, to, kind: want.onAir ? 'start' : 'end' }, since };
}
