import { USER_TYPE_NAMES, type UserTypeName, userTypeRank } from '@store-cloud/contracts';

/**
 * OIDC_ROLE_MAP: which value of the groups claim (OIDC_GROUPS_CLAIM) gives which user type and
 * companies. Compact, so it fits one line of .env or compose: rules separated by `;`, each
 * `group=TYPE` (no company), `group=TYPE:*` (every company and store) or `group=TYPE:101,102`
 * (those companies with all their stores), e.g.
 * `store-admins=ADMIN:*; support=SUPPORT-ADMIN:101,102; staff=BASIC:101`.
 */
export interface OidcRoleRule {
  group: string;
  usertype: UserTypeName;
  all: boolean;
  companies: number[];
}

/** What a user's groups map to; null when no rule names any of them. */
export interface OidcMapping {
  usertype: UserTypeName;
  all: boolean;
  companies: number[];
  /** The groups that matched a rule, for the audit trail. */
  groups: string[];
}

const RULE = /^([^=]+)=\s*([A-Z-]+)\s*(?::\s*(\*|\d+(?:\s*,\s*\d+)*))?$/;

/** The rules, or a message naming the first rule it cannot read (for the config error). */
export function parseOidcRoleMap(text: string): OidcRoleRule[] | string {
  const rules: OidcRoleRule[] = [];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = RULE.exec(part);
    const usertype = match?.[2] as UserTypeName | undefined;
    if (!match || !usertype || !USER_TYPE_NAMES.includes(usertype)) {
      return `cannot read "${part}": write group=TYPE, group=TYPE:* or group=TYPE:101,102 with TYPE one of ${USER_TYPE_NAMES.join(', ')}, rules separated by ;`;
    }
    const scope = match[3];
    rules.push({
      group: match[1]!.trim(),
      usertype,
      all: scope === '*',
      companies: scope && scope !== '*' ? scope.split(',').map((id) => Number(id.trim())) : [],
    });
  }
  return rules;
}

/**
 * The highest user type of the matching rules, and the union of their companies (every company
 * when one of them says `*`). A claim may be a list (groups) or one value (Google's hd).
 */
export function mapOidcGroups(rules: readonly OidcRoleRule[], claim: unknown): OidcMapping | null {
  const values = new Set(
    (Array.isArray(claim) ? claim : [claim]).filter((v): v is string => typeof v === 'string'),
  );
  const matched = rules.filter((rule) => values.has(rule.group));
  if (!matched.length) return null;
  const usertype = matched.reduce((best, rule) =>
    userTypeRank(rule.usertype) > userTypeRank(best.usertype) ? rule : best,
  ).usertype;
  const all = matched.some((rule) => rule.all);
  return {
    usertype,
    all,
    companies: all
      ? []
      : [...new Set(matched.flatMap((rule) => rule.companies))].sort((a, b) => a - b),
    groups: [...new Set(matched.map((rule) => rule.group))].sort(),
  };
}
