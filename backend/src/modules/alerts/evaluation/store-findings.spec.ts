import type { AlertRule } from '@store-cloud/contracts';
import { alertRule, FINDING_NAMES } from './alert-rule.fixture';
import { storeFindings } from './store-findings';
import type { Presence } from './store-presence';

const rule = (over: Partial<AlertRule> = {}) =>
  alertRule({ name: 'Ops', kinds: ['store-offline', 'store-flapping'], ...over });
const names = FINDING_NAMES;
const presence = (over: Partial<Presence>): Presence => ({
  companyId: 1,
  storeId: 2,
  online: false,
  since: 0,
  lastSeenAt: 0,
  transitions: [0],
  ...over,
});
const MIN = 60_000;

describe('storeFindings (issue 26)', () => {
  const find = (p: Presence, now: number, rules = [rule()], flapping = new Set<string>()) =>
    storeFindings({ presences: [p], rules, flappingOpen: flapping, names, now });

  it('finds a store offline once the smallest grace has passed', () => {
    expect(find(presence({}), 59_000)).toEqual([]);
    const [f] = find(presence({}), 60_000, [rule(), rule({ id: 'r2', graceSeconds: 600 })]);
    expect(f).toMatchObject({
      kind: 'store-offline',
      subject: 'store/2',
      title: 'Harbour (Acme) is offline',
    });
  });

  it('leaves out stores never seen, stores online, and companies without such a rule', () => {
    expect(find(presence({ lastSeenAt: null }), 10 * MIN)).toEqual([]);
    expect(find(presence({ online: true }), 10 * MIN)).toEqual([]);
    expect(find(presence({ companyId: 9 }), 10 * MIN)).toEqual([]);
    expect(find(presence({}), 10 * MIN, [rule({ enabled: false })])).toEqual([]);
  });

  it('finds flapping instead of offline, until calm for the window', () => {
    const flapping = presence({
      transitions: [1 * MIN, 2 * MIN, 3 * MIN, 4 * MIN],
      since: 4 * MIN,
    });
    const [f] = find(flapping, 5 * MIN);
    expect(f).toMatchObject({ kind: 'store-flapping' });
    // Twelve minutes on, two transitions in the window: still flapping while its incident is open.
    const open = new Set(['1|store/2']);
    expect(find(flapping, 13 * MIN, [rule()], open)[0]?.kind).toBe('store-flapping');
    // Calm for the whole window: offline (its grace long past).
    expect(find(flapping, 15 * MIN, [rule()], open)[0]?.kind).toBe('store-offline');
  });
});
