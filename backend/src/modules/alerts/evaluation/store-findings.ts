import { type AlertRule, INCIDENT_TITLE } from '@store-cloud/contracts';
import { type Finding, rulesFor, storeSubject } from './finding';
import { type Presence, transitionsWithin } from './store-presence';

export interface StoreNames {
  companyName(companyId: number): string;
  storeName(companyId: number, storeId: number): string;
}

/**
 * Offline and flapping (issue 26 item 1), from the stores' presences. A store is flapping while
 * a rule counts more than N transitions in M minutes, and stays so until it was calm for the
 * longest M; while it flaps it gets no offline incident. A store offline longer than the
 * smallest grace of its company's rules is offline (later rules are told at their own grace).
 * A store never seen online since it was watched gets none: the daily report lists it.
 */
export function storeFindings(options: {
  presences: Iterable<Presence>;
  rules: readonly AlertRule[];
  /** The subjects of the open flapping incidents, as `company|store/id`. */
  flappingOpen: ReadonlySet<string>;
  names: StoreNames;
  now: number;
}): Finding[] {
  const { presences, rules, flappingOpen, names, now } = options;
  const offlineRules = rulesFor(rules, 'store-offline');
  const flappingRules = rulesFor(rules, 'store-flapping');
  const findings: Finding[] = [];
  for (const p of presences) {
    const facts = {
      companyName: names.companyName(p.companyId),
      storeName: names.storeName(p.companyId, p.storeId),
      storeId: p.storeId,
    };
    const base = { companyId: p.companyId, storeId: p.storeId, subject: storeSubject(p.storeId) };
    const flapRules = flappingRules.get(p.companyId) ?? [];
    const counting = flapRules.find(
      (r) => transitionsWithin(p, r.flapping.minutes, now) > r.flapping.transitions,
    );
    const calmFor = Math.max(0, ...flapRules.map((r) => r.flapping.minutes));
    const flapping =
      counting !== undefined ||
      (flappingOpen.has(`${p.companyId}|${base.subject}`) &&
        transitionsWithin(p, calmFor, now) > 0);
    if (flapping) {
      const r = counting ?? flapRules[0]!;
      findings.push({
        ...base,
        kind: 'store-flapping',
        title: INCIDENT_TITLE['store-flapping']({
          ...facts,
          transitions: transitionsWithin(p, r.flapping.minutes, now),
          minutes: r.flapping.minutes,
        }),
        data: {
          ...facts,
          transitions: p.transitions.length ? transitionsWithin(p, r.flapping.minutes, now) : 0,
        },
      });
      continue;
    }
    const graces = (offlineRules.get(p.companyId) ?? []).map((r) => r.graceSeconds);
    if (p.online || p.lastSeenAt === null || !graces.length) continue;
    if (now - p.since < Math.min(...graces) * 1000) continue;
    findings.push({
      ...base,
      kind: 'store-offline',
      title: INCIDENT_TITLE['store-offline'](facts),
      data: {
        ...facts,
        offlineSince: new Date(p.since).toISOString(),
        lastSeenAt: new Date(p.lastSeenAt).toISOString(),
      },
    });
  }
  return findings;
}
