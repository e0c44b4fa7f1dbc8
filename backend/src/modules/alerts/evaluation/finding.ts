import type { AlertKind, AlertRule, AlertRuleKind } from '@store-cloud/contracts';

/** Something wrong right now, as a source sees it: an incident is open for it while it lasts. */
export interface Finding {
  companyId: number;
  storeId: number | null;
  kind: AlertKind;
  /** What it is about: `store/12`, `backup/<server>/restore`, ... (one open incident each). */
  subject: string;
  title: string;
  /** Kept on the incident: companyName, storeName and the kind's facts. */
  data: Record<string, unknown>;
}

/** The enabled rules of each company that watch this kind. */
export function rulesFor(
  rules: readonly AlertRule[],
  kind: AlertRuleKind,
): Map<number, AlertRule[]> {
  const byCompany = new Map<number, AlertRule[]>();
  for (const rule of rules) {
    if (!rule.enabled || !rule.kinds.includes(kind)) continue;
    byCompany.set(rule.companyId, [...(byCompany.get(rule.companyId) ?? []), rule]);
  }
  return byCompany;
}

export const storeSubject = (storeId: number) => `store/${storeId}`;
