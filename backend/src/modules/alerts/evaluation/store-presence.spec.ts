import { PresenceTracker, transitionsWithin } from './store-presence';

const store = { companyId: 1, storeId: 2 };
const key = '1:2';

describe('PresenceTracker (issue 26)', () => {
  it('counts a store offline only once it stayed away for the settle time, from when it was missed', () => {
    const tracker = new PresenceTracker(1000);
    expect(tracker.observe([store], new Set([key]), 0)).toHaveLength(1);
    // Missed at 100, back at 600: no transition (a Redis flush, a slow ping).
    expect(tracker.observe([store], new Set(), 100)).toHaveLength(0);
    expect(tracker.observe([store], new Set([key]), 600)).toHaveLength(0);
    expect(tracker.get(key)?.transitions).toEqual([]);
    // Missed at 2000 and still away at 3100: offline since 2000.
    tracker.observe([store], new Set(), 2000);
    const [changed] = tracker.observe([store], new Set(), 3100);
    expect(changed).toMatchObject({ online: false, since: 2000, lastSeenAt: 2000 });
    const [back] = tracker.observe([store], new Set([key]), 5000);
    expect(back).toMatchObject({ online: true, since: 5000, transitions: [2000, 5000] });
    expect(transitionsWithin(back!, 1, 5000)).toBe(2);
  });

  it('starts a store never seen as offline with no last seen time', () => {
    const tracker = new PresenceTracker(0);
    const [fresh] = tracker.observe([store], new Set(), 10);
    expect(fresh).toMatchObject({ online: false, lastSeenAt: null, transitions: [] });
  });

  it('continues from what the database held', () => {
    const tracker = new PresenceTracker(0);
    tracker.load([{ ...store, online: false, since: 5, lastSeenAt: 4, transitions: [5] }]);
    expect(tracker.observe([store], new Set(), 10)).toHaveLength(0);
    expect(tracker.observe([store], new Set([key]), 20)[0]?.transitions).toEqual([5, 20]);
  });
});
