import { repeatStep } from './daypart-steps';

const ms = (s: string) => Date.parse(s);
// Saturdays and Sundays 09:00-10:00 in Berlin, 27 to 30 March 2027 (DST on the 28th).
const s = {
  startDate: '2027-03-26T00:00:00.000Z',
  endDate: '2027-03-30T00:00:00.000Z',
  repeat: {
    weekdays: ['SA' as const, 'SU' as const],
    startTime: '09:00',
    endTime: '10:00',
    timeZone: 'Europe/Berlin',
  },
};
const READY = { status: 'READY' as const, onAir: false };
const ON = { status: 'ACTIVE' as const, onAir: true };
const OFF = { status: 'ACTIVE' as const, onAir: false };

describe('repeatStep', () => {
  it('waits in pending before the first window and goes on air at its start', () => {
    expect(repeatStep(s, READY, ms('2027-03-27T07:59:59Z'))).toBeUndefined();
    expect(repeatStep(s, READY, ms('2027-03-27T08:00:00Z'))).toEqual({
      state: ON,
      move: { from: 'pending', to: 'tag', kind: 'start' },
      since: ms('2027-03-27T08:00:00Z'),
    });
  });

  it('goes back to pending between windows and on air again in the next', () => {
    expect(repeatStep(s, ON, ms('2027-03-27T08:30:00Z'))).toBeUndefined();
    expect(repeatStep(s, ON, ms('2027-03-27T09:00:00Z'))?.move).toEqual({
      from: 'tag',
      to: 'pending',
      kind: 'end',
    });
    expect(repeatStep(s, OFF, ms('2027-03-28T06:59:59Z'))).toBeUndefined();
    expect(repeatStep(s, OFF, ms('2027-03-28T07:00:00Z'))?.state).toEqual(ON);
  });

  it('becomes ACTIVE without a move when its first window passed unseen', () => {
    expect(repeatStep(s, READY, ms('2027-03-27T12:00:00Z'))).toEqual({
      state: OFF,
      since: ms('2027-03-27T09:00:00Z'),
    });
  });

  it('expires from wherever its files are at the end, and stays expired', () => {
    expect(repeatStep(s, OFF, ms('2027-03-30T00:00:00Z'))).toEqual({
      state: { status: 'EXPIRED', onAir: false },
      move: { from: 'pending', to: 'expired', kind: 'end' },
      since: ms('2027-03-30T00:00:00Z'),
    });
    expect(repeatStep(s, ON, ms('2027-03-31T00:00:00Z'))?.move?.from).toBe('tag');
    expect(
      repeatStep(s, { status: 'EXPIRED', onAir: false }, ms('2027-03-31T00:00:00Z')),
    ).toBeUndefined();
  });
});
