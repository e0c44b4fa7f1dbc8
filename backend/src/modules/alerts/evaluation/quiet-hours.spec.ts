import { localTime, quietUntil } from './quiet-hours';

const every = [0, 1, 2, 3, 4, 5, 6];

describe('quietUntil (issue 26 quiet hours)', () => {
  it('answers the end of the window the time is in, in the time zone', () => {
    // Tuesday 2026-11-24 21:30 in Oslo (UTC+1) is 20:30 UTC.
    const now = new Date('2026-11-24T20:30:00Z');
    expect(localTime(now, 'Europe/Oslo')).toEqual({ day: 2, minute: 21 * 60 + 30 });
    const until = quietUntil([{ days: [2], from: '21:00', to: '22:00' }], 'Europe/Oslo', now);
    expect(until?.toISOString()).toBe('2026-11-24T21:00:00.000Z');
  });

  it('is not quiet outside the windows or on other weekdays', () => {
    const now = new Date('2026-11-24T12:00:00Z'); // Tuesday
    expect(quietUntil([{ days: [2], from: '13:00', to: '14:00' }], 'UTC', now)).toBeUndefined();
    expect(quietUntil([{ days: [3], from: '11:00', to: '14:00' }], 'UTC', now)).toBeUndefined();
    expect(quietUntil([], 'UTC', now)).toBeUndefined();
  });

  it('runs a window past midnight into the next day', () => {
    const window = { days: [5], from: '22:00', to: '06:00' }; // Friday night
    // Saturday 03:00 belongs to Friday's window.
    expect(quietUntil([window], 'UTC', new Date('2026-11-28T03:00:00Z'))?.toISOString()).toBe(
      '2026-11-28T06:00:00.000Z',
    );
    // Friday 23:00 too; Sunday 03:00 does not (Saturday is not listed).
    expect(quietUntil([window], 'UTC', new Date('2026-11-27T23:00:00Z'))?.toISOString()).toBe(
      '2026-11-28T06:00:00.000Z',
    );
    expect(quietUntil([window], 'UTC', new Date('2026-11-29T03:00:00Z'))).toBeUndefined();
  });

  it('joins windows that follow one another', () => {
    const windows = [
      { days: every, from: '00:00', to: '08:00' },
      { days: every, from: '18:00', to: '23:59' },
    ];
    const until = quietUntil(windows, 'UTC', new Date('2026-11-24T20:00:00Z'));
    // 23:59 to 00:00 is a minute without quiet: the evening window ends at 23:59.
    expect(until?.toISOString()).toBe('2026-11-24T23:59:00.000Z');
    const joined = quietUntil(
      [
        { days: every, from: '00:00', to: '08:00' },
        { days: every, from: '18:00', to: '00:00' },
      ],
      'UTC',
      new Date('2026-11-24T20:00:00Z'),
    );
    expect(joined?.toISOString()).toBe('2026-11-25T08:00:00.000Z');
  });
});
