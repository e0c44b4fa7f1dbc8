import { describe, expect, it } from 'vitest';
import { initI18n } from './i18n';
import { alertsSets } from './sets/alerts';
import { apiTokensSets } from './sets/apitokens';
import { auditSets } from './sets/audit';
import { backupsSets } from './sets/backups';
import { bulkSets } from './sets/bulk';
import { commonSets } from './sets/common';
import { companiesSets } from './sets/companies';
import { loginSets } from './sets/login';
import { mediaSets } from './sets/media';
import { messageSets } from './sets/message';
import { proofOfPlaySets } from './sets/proof-of-play';
import { sqlBackupSets } from './sets/sqlbackup';
import { statusSets } from './sets/status';
import { usersSets } from './sets/users';
import { bindTexts, type TextSet } from './text-set';

const SETS: TextSet[] = [
  ...commonSets,
  ...alertsSets,
  ...apiTokensSets,
  ...mediaSets,
  ...companiesSets,
  ...usersSets,
  ...loginSets,
  ...messageSets,
  ...bulkSets,
  ...proofOfPlaySets,
  ...backupsSets,
  ...sqlBackupSets,
  ...auditSets,
  ...statusSets,
];

/** Arguments to try a function text with: every plural and context form, and a missing name. */
// 1234: a count the contract writes with separators must read the same through i18next.
const SAMPLES = [0, 1, 2, 12, 1234];
function argLists(names: readonly string[]): unknown[][] {
  let lists: unknown[][] = [[]];
  for (const name of names) {
    const values =
      name === 'count' || name.startsWith('#')
        ? SAMPLES
        : name.startsWith('[]')
          ? [['a'], ['a', 'b'], ['a', 'b', 'c']]
          : [`<${name}>`];
    const all = name.startsWith('?') ? [...values, undefined] : values;
    lists = lists.flatMap((list) => all.map((v) => [...list, v]));
  }
  return lists;
}

/** Every text of `tree` as [path, text], function texts called with each argument list. */
function texts(tree: unknown, params: TextSet['params'], path = ''): [string, unknown][] {
  if (typeof tree === 'function')
    return argLists(params[path] ?? []).map((args) => [`${path}(${args})`, tree(...args)]);
  if (tree && typeof tree === 'object')
    return Object.entries(tree).flatMap(([k, v]) => texts(v, params, path ? `${path}.${k}` : k));
  return [[path, tree]];
}

/** The spec's texts stay exact: English through i18next reads what the contracts say. */
describe('English resources', () => {
  const i18n = initI18n('en');
  it.each(SETS.map((set) => [`${set.ns}:${set.prefix}`, set] as const))(
    '%s reads as its contract',
    (_, set) => {
      const bound = bindTexts(set, i18n.getFixedT('en', set.ns), 'en');
      expect(texts(bound, set.params)).toEqual(texts(set.source, set.params));
    },
  );
});
