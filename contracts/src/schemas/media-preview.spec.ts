import { previewTagFiles, scheduleTimeline } from './media-preview.schema';
import type { Schedule } from './media-schedule.schema';

const HOUR = 3600_000;
const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const schedule = (
  id: string,
  status: Schedule['status'],
  from: number,
  to: number,
  files: string[],
  destination = 'promo',
): Schedule => ({
  _id: id,
  companyId: 1,
  companyName: 'C',
  mediaFolderName: 'C-1',
  destination,
  startDate: new Date(NOW + from * HOUR).toISOString(),
  endDate: new Date(NOW + to * HOUR).toISOString(),
  createdDate: new Date(NOW).toISOString(),
  author: 'a',
  files,
  status,
});

describe('previewTagFiles', () => {
  const inFolder = [{ filename: 'kept.png' }, { filename: 'active.png' }];
  const schedules = [
    schedule('active', 'ACTIVE', -1, 2, ['active.png']),
    schedule('ready', 'READY', 1, 3, ['ready.png']),
    schedule('other-tag', 'READY', 1, 3, ['elsewhere.png'], 'fuel'),
  ];
  const at = (hours: number) =>
    previewTagFiles('promo', inFolder, schedules, NOW + hours * HOUR).map((f) => [
      f.filename,
      f.scheduleId,
      f.pending,
    ]);

  it('keeps what the tag folder holds, with the schedule that will take it away', () => {
    expect(at(0)).toEqual([
      ['active.png', 'active', false],
      ['kept.png', null, false],
    ]);
  });
  it('adds a pending schedule inside its window and drops an active one after its end', () => {
    expect(at(2.5)).toEqual([
      ['kept.png', null, false],
      ['ready.png', 'ready', true],
    ]);
    expect(at(3)).toEqual([['kept.png', null, false]]);
  });
});

describe('scheduleTimeline', () => {
  it('keeps the open schedules of the store’s tags within 14 days and marks overlaps per tag', () => {
    const list = [
      schedule('a', 'READY', 1, 5, ['a.png']),
      schedule('b', 'READY', 4, 6, ['b.png']),
      schedule('c', 'READY', 4, 6, ['c.png'], 'fuel'),
      schedule('gone', 'ACTIVE', -5, -1, ['g.png']),
      schedule('far', 'READY', 24 * 15, 24 * 16, ['f.png']),
      schedule('other', 'READY', 1, 2, ['o.png'], 'elsewhere'),
    ];
    const timeline = scheduleTimeline(['promo', 'fuel'], list, NOW, NOW);
    expect(timeline.map((s) => [s._id, s.overlapsWith])).toEqual([
      ['a', ['b']],
      ['b', ['a']],
      ['c', []],
    ]);
    expect(
      scheduleTimeline(['promo'], list, NOW, NOW + 24 * 15.5 * HOUR).map((s) => s._id),
    ).toContain('far');
  });
});
