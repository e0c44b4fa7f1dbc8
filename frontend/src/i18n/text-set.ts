import type { TFunction } from 'i18next';

/**
 * A text set: one of the contracts' text constants (ALERTS_TEXT, PORTAL_LABELS, ...) placed in an
 * i18next namespace. The contract stays the one place the spec's English lives: the English
 * resources are made from it, and `bindTexts` gives screens an object of the contract's own shape
 * whose every text comes from t() in the chosen language.
 *
 * A function text names its parameters, so it can become an i18next template: `['store']` makes
 * `Open store {{store}}`. The parameter `count` picks the plural form (`_one`, `_other`, and
 * `_zero` where 0 reads differently); a second number marked `#name` picks the i18next context,
 * a name marked `?name` may be missing (context `none`: the text the contract gives without it),
 * and a list marked `[]name` is joined with commas, its length the count.
 */
export type ParamNames = readonly string[];
export interface TextSet<T extends object = object> {
  ns: string;
  prefix: string;
  source: T;
  params: Record<string, ParamNames>;
}

export function textSet<T extends object>(
  ns: string,
  prefix: string,
  source: T,
  params: Record<string, ParamNames> = {},
): TextSet<T> {
  return { ns, prefix, source, params };
}

type Fn = (...args: unknown[]) => string;
type Resource = { [key: string]: string | Resource | Resource[] | string[] };

// Numbers no spec text contains, replaced by the placeholder after the contract wrote them.
const SENTINEL = 7_000_003;
const SENTINEL_2 = 8_000_009;

const bare = (name: string) => name.replace(/^([#?]|\[\])/, '');
const isList = (name: string) => name.startsWith('[]');
/** A stand-in list for a contract function: it joins to the placeholder and has `length` items. */
const listOf = (name: string, length: number) => ({ join: () => slot(name), length });
const slot = (name: string) => `{{${bare(name)}}}`;

/** The i18next entries (key suffix → template) of one function text. */
function templates(fn: Fn, names: ParamNames): Record<string, string> {
  const listAt = names.findIndex(isList);
  const countAt = listAt >= 0 ? listAt : names.indexOf('count');
  const contextAt = names.findIndex((n) => n.startsWith('#'));
  const optionalAt = names.findIndex((n) => n.startsWith('?'));
  const call = (count: number, context: number, missing = false) =>
    fn(
      ...names.map((n, i) =>
        i === listAt
          ? listOf(n, count)
          : i === countAt
            ? count
            : i === contextAt
              ? context
              : missing && i === optionalAt
                ? undefined
                : slot(n),
      ),
    )
      // A count the contract writes with separators (1,500) is formatted in the page's language.
      .replaceAll(SENTINEL.toLocaleString('en-US'), '{{count, number}}')
      .replaceAll(String(SENTINEL), '{{count}}')
      .replaceAll(String(SENTINEL_2), contextAt < 0 ? '' : slot(names[contextAt]));
  if (optionalAt >= 0)
    return { '': call(SENTINEL, SENTINEL_2), _none: call(SENTINEL, SENTINEL_2, true) };
  if (countAt < 0) return { '': call(SENTINEL, SENTINEL_2) };
  const contexts: [string, number][] =
    contextAt < 0
      ? [['', SENTINEL_2]]
      : [
          ['_one', 1],
          ['_other', SENTINEL_2],
        ];
  const out: Record<string, string> = {};
  for (const [ctx, value] of contexts) {
    const other = call(SENTINEL, value);
    out[`${ctx}_one`] = call(1, value);
    out[`${ctx}_other`] = other;
    const zero = call(0, value);
    if (zero !== other.replace(/{{count(, number)?}}/g, '0')) out[`${ctx}_zero`] = zero;
  }
  return out;
}

/** The English resource of a set: its strings as they are, its functions as templates. */
export function resourceOf(set: TextSet): Resource {
  const walk = (value: unknown, path: string): unknown => {
    if (typeof value === 'string') return value;
    if (typeof value === 'function') {
      const names = set.params[path];
      if (!names) throw new Error(`${set.ns}:${set.prefix}.${path} has no parameter names`);
      return templates(value as Fn, names);
    }
    if (Array.isArray(value)) return value.map((v, i) => walk(v, join(path, i)));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) {
        const entry = walk(v, join(path, key));
        // A function's entries sit beside the others under its key: key, key_one, key_other.
        if (typeof v === 'function')
          for (const [suffix, text] of Object.entries(entry as object)) out[key + suffix] = text;
        else if (entry !== undefined) out[key] = entry;
      }
      return out;
    }
    return undefined; // Numbers and flags are no text: they stay the contract's.
  };
  return walk(set.source, '') as Resource;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** The set's source shape, every text looked up with `t` (bound to the set's namespace). */
export function bindTexts<T extends object>(set: TextSet<T>, t: TFunction, language: string): T {
  const plural = new Intl.PluralRules(language);
  const key = (path: string) => `${set.prefix}.${path}`;
  const walk = (value: unknown, path: string): unknown => {
    if (typeof value === 'string') return t(key(path) as never);
    if (typeof value === 'function') {
      const names = set.params[path] ?? [];
      return (...args: unknown[]) => {
        const options: Record<string, unknown> = {};
        names.forEach((name, i) => {
          if (isList(name)) {
            const list = args[i] as readonly string[];
            options[bare(name)] = list.join(', ');
            options.count = list.length;
          } else options[bare(name)] = args[i];
          if (name.startsWith('#')) options.context = plural.select(Number(args[i]));
          if (name.startsWith('?') && (args[i] === undefined || args[i] === ''))
            options.context = 'none';
        });
        return t(key(path) as never, options as never);
      };
    }
    if (Array.isArray(value)) return value.map((v, i) => walk(v, join(path, i)));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, join(path, k))]));
    return value;
  };
  return walk(set.source, '') as T;
}

/** A namespace's English resource: each of its sets under its prefix. */
export const namespaceOf = (sets: readonly TextSet[]): Resource =>
  Object.fromEntries(sets.map((set) => [set.prefix, resourceOf(set)]));

/** The texts a set gives (its contract's shape), for helpers that take them from a component. */
export type TextsOf<S> = S extends TextSet<infer T> ? T : never;

/** A contract constant without some keys: texts a set leaves to common, or that are no UI text. */
export function omit<T extends object, K extends keyof T>(
  source: T,
  keys: readonly K[],
): Omit<T, K> {
  return Object.fromEntries(
    Object.entries(source).filter(([k]) => !(keys as readonly PropertyKey[]).includes(k)),
  ) as Omit<T, K>;
}
