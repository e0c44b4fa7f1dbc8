import type { ScheduleRepeat } from '@store-cloud/contracts';
import {
  daypartWindows,
  firstOverlap,
  firstWindow,
  instantOf,
  lastEdge,
  nextEdge,
  windowAt,
} from './daypart-windows';

const BERLIN = 'Europe/Berlin';
const repeat = (r: Partial<ScheduleRepeat> = {}): ScheduleRepeat => ({
  weekdays: ['SA', 'SU'],
  startTime: '09:00',
  endTime: '10:00',
  timeZone: BERLIN,
  ...r,
});
const iso = (s: string) => new Date(s).toISOString();
const ms = (s: string) => Date.parse(s);

describe('daypart windows', () => {
  // Berlin moves from CET (+01:00) to CEST (+02:00) at 02:00 on 28 March 2027.
  const spring = {
    startDate: iso('2027-03-26T00:00:00Z'),
    endDate: iso('2027-03-30T00:00:00Z'),
    repeat: repeat(),
  };

  it('keeps the local hours across the spring DST change', () => {
    expect(daypartWindows(spring, 0, Infinity)).toEqual([
      { start: iso('2027-03-27T08:00:00Z'), end: iso('2027-03-27T09:00:00Z') },
      { start: iso('2027-03-28T07:00:00Z'), end: iso('2027-03-28T08:00:00Z') },
    ]);
  });

  it('keeps the local hours across the autumn DST change', () => {
    const autumn = {
      startDate: iso('2027-10-29T00:00:00Z'),
      endDate: iso('2027-11-02T00:00:00Z'),
      repeat: repeat({ weekdays: ['SA', 'SU', 'MO'] }),
    };
    expect(daypartWindows(autumn, 0, Infinity)).toEqual([
      { start: iso('2027-10-30T07:00:00Z'), end: iso('2027-10-30T08:00:00Z') },
      { start: iso('2027-10-31T08:00:00Z'), end: iso('2027-10-31T09:00:00Z') },
      { start: iso('2027-11-01T08:00:00Z'), end: iso('2027-11-01T09:00:00Z') },
    ]);
  });

  it('runs a window past midnight and through the skipped hour', () => {
    const night = {
      ...spring,
      repeat: repeat({ weekdays: ['SA'], startTime: '22:00', endTime: '06:00' }),
    };
    // 22:00 CET Saturday to 06:00 CEST Sunday: seven hours, not eight.
    expect(daypartWindows(night, 0, Infinity)).toEqual([
      { start: iso('2027-03-27T21:00:00Z'), end: iso('2027-03-28T04:00:00Z') },
    ]);
  });

  it('reads a skipped wall-clock time as the same time after the change, a repeated one as the first', () => {
    expect(instantOf(ms('2027-03-28T02:30:00Z'), BERLIN)).toBe(ms('2027-03-28T01:30:00Z'));
    expect(instantOf(ms('2027-10-31T02:30:00Z'), BERLIN)).toBe(ms('2027-10-31T00:30:00Z'));
  });

  it('cuts the windows to the start and end dates and to the asked range', () => {
    const cut = {
      startDate: iso('2027-03-27T08:30:00Z'),
      endDate: iso('2027-03-28T07:30:00Z'),
      repeat: repeat(),
    };
    expect(daypartWindows(cut, 0, Infinity)).toEqual([
      { start: iso('2027-03-27T08:30:00Z'), end: iso('2027-03-27T09:00:00Z') },
      { start: iso('2027-03-28T07:00:00Z'), end: iso('2027-03-28T07:30:00Z') },
    ]);
    expect(daypartWindows(spring, ms('2027-03-28T00:00:00Z'), Infinity)).toHaveLength(1);
  });

  it('finds the window at a time, the first window and the edges around a time', () => {
    expect(windowAt(spring, ms('2027-03-28T07:30:00Z'))?.start).toBe(iso('2027-03-28T07:00:00Z'));
    expect(windowAt(spring, ms('2027-03-28T08:00:00Z'))).toBeUndefined();
    expect(firstWindow(spring)?.start).toBe(iso('2027-03-27T08:00:00Z'));
    expect(nextEdge(spring, ms('2027-03-27T09:00:00Z'))).toBe(ms('2027-03-28T07:00:00Z'));
    expect(nextEdge(spring, ms('2027-03-28T08:00:00Z'))).toBe(ms('2027-03-30T00:00:00Z'));
    expect(nextEdge(spring, ms('2027-03-30T00:00:00Z'))).toBeUndefined();
    expect(lastEdge(spring, ms('2027-03-28T07:59:00Z'))).toBe(ms('2027-03-28T07:00:00Z'));
    expect(lastEdge(spring, ms('2027-03-27T07:00:00Z'))).toBeUndefined();
  });

  it('finds overlaps between two repeating schedules, not between windows that only touch', () => {
    const later = { ...spring, repeat: repeat({ startTime: '10:00', endTime: '11:00' }) };
    expect(firstOverlap(spring, later)).toBeUndefined();
    const sunday = {
      ...spring,
      repeat: repeat({ weekdays: ['SU'], startTime: '09:30', endTime: '12:00' }),
    };
    expect(firstOverlap(spring, sunday)).toEqual([
      { start: iso('2027-03-28T07:00:00Z'), end: iso('2027-03-28T08:00:00Z') },
      { start: iso('2027-03-28T07:30:00Z'), end: iso('2027-03-28T10:00:00Z') },
    ]);
  });
});
