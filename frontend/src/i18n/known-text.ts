import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonOf } from '../api/api-error';
import { bindTexts, type TextSet } from './text-set';

/**
 * An English text that reached the screen as a plain string (a contract's schema message, a
 * server's refusal, a state the contracts name) in the page's language when one of the given
 * text sets makes it, else as it came. The caller names the sets because the same English may
 * read differently by context ('Search' is 'Suchen' on a button and 'Suche' as a column).
 */
export interface KnownText {
  (english: string): string;
  (english: string | undefined): string | undefined;
}

type Texts = Record<string, unknown>;
type Fn = (...args: unknown[]) => string;

/** A function text read back: its English as a pattern, and which group gives which argument. */
interface Pattern {
  path: string;
  regex: RegExp;
  names: readonly string[];
}

/** One set in one language: its string texts by English, its function texts as patterns. */
interface SetLookup {
  strings: Map<string, string>;
  patterns: { pattern: Pattern; bound: Fn }[];
}

const MARK = '\u0000';
const MARKS = new RegExp(`${MARK}(\\d+)${MARK}`, 'g');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A count (or a number picking a context) as the English writes it: 1234 or 1,234. */
const COUNT = '\\d{1,3}(?:,\\d{3})+|\\d+';
const isCount = (name: string) => name === 'count' || name.startsWith('#');
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * The pattern of a function text: `Maximum of ${limit} Tag Folders Allowed` matches the message
 * it made and gives back 5. Undefined when it cannot be read back: a list parameter (`[]zones`,
 * joined), a text that throws on a stand-in, or one with no words of its own (it would match
 * every message).
 */
function patternOf(fn: Fn, names: readonly string[], path: string): Pattern | undefined {
  if (names.some((name) => name.startsWith('[]'))) return undefined;
  let english: string;
  try {
    english = String(fn(...names.map((_, i) => `${MARK}${i}${MARK}`)));
  } catch {
    return undefined;
  }
  const words = english.split(MARKS).filter((_, i) => i % 2 === 0);
  if (!/\p{L}/u.test(words.join(''))) return undefined;
  const seen = new Set<string>();
  // An argument may come in another order than the parameters, or twice: groups are named.
  const source = english
    .split(MARKS)
    .map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(part);
      if (seen.has(part)) return `\\k<a${part}>`;
      seen.add(part);
      return `(?<a${part}>${isCount(names[Number(part)]) ? COUNT : '.+?'})`;
    })
    .join('');
  return { path, regex: new RegExp(`^${source}$`, 's'), names };
}

/** Every function text's pattern (language-free, so made once per set). */
const patternsBySet = new WeakMap<TextSet, Pattern[]>();
function patternsOf(set: TextSet): Pattern[] {
  let patterns = patternsBySet.get(set);
  if (!patterns) {
    patterns = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value === 'function') {
        const names = set.params[path];
        const pattern = names && patternOf(value as Fn, names, path);
        if (pattern) patterns!.push(pattern);
      } else if (value && typeof value === 'object')
        for (const [key, v] of Object.entries(value)) walk(v, join(path, key));
    };
    walk(set.source, '');
    patternsBySet.set(set, patterns);
  }
  return patterns;
}

const at = (tree: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], tree);

/** A set's texts in one language, ready to look up (kept: resources do not change). */
const lookupsBySet = new WeakMap<TextSet, Map<string, SetLookup>>();
function lookupOf(set: TextSet, language: string): SetLookup {
  let byLanguage = lookupsBySet.get(set);
  if (!byLanguage) lookupsBySet.set(set, (byLanguage = new Map()));
  let lookup = byLanguage.get(language);
  if (!lookup) {
    const bound = bindTexts(set, i18next.getFixedT(language, set.ns), language);
    const strings = new Map<string, string>();
    const walk = (source: unknown, text: unknown) => {
      if (typeof source === 'string') {
        if (typeof text === 'string' && !strings.has(source)) strings.set(source, text);
      } else if (source && typeof source === 'object' && text && typeof text === 'object')
        for (const [key, value] of Object.entries(source)) walk(value, (text as Texts)[key]);
    };
    walk(set.source, bound);
    const patterns = patternsOf(set).map((pattern) => ({
      pattern,
      bound: at(bound, pattern.path) as Fn,
    }));
    lookup = { strings, patterns };
    // Before i18next starts there are only keys: nothing worth keeping.
    if (i18next.isInitialized) byLanguage.set(language, lookup);
  }
  return lookup;
}

/** The arguments a message gives a pattern (a number where the text shows digits). */
function argumentsOf({ regex, names }: Pattern, english: string): unknown[] | undefined {
  const found = regex.exec(english);
  if (!found) return undefined;
  return names.map((name, i) => {
    const arg = found.groups?.[`a${i}`];
    if (arg === undefined) return arg;
    if (isCount(name)) return Number(arg.replaceAll(',', ''));
    return /^\d+$/.test(arg) ? Number(arg) : arg;
  });
}

function knownTextIn(sets: readonly TextSet[], language: string): KnownText {
  const lookups = sets.map((set) => lookupOf(set, language));
  const inLanguage = (english: string): string => {
    // A text as it is beats a function text that happens to make the same words.
    for (const { strings } of lookups) {
      const text = strings.get(english);
      if (text !== undefined) return text;
    }
    for (const { patterns } of lookups)
      for (const { pattern, bound } of patterns) {
        const args = argumentsOf(pattern, english);
        if (args) return bound(...args);
      }
    return english;
  };
  return ((english: string | undefined) =>
    english === undefined ? undefined : inLanguage(english)) as KnownText;
}

/** The texts of `sets` in the page's language; the screen renders again when it changes. */
export function useKnownText(sets: readonly TextSet[]): KnownText {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => knownTextIn(sets, language), [sets, language]);
}

/** The same outside a render (a mutation's callback): the language of the moment. */
export const knownTextNow = (sets: readonly TextSet[]): KnownText =>
  knownTextIn(sets, i18next.language);

/** The server's reason for a refusal, in the page's language when one of `sets` makes it. */
export const knownReasonOf = (error: unknown, sets: readonly TextSet[]): string | undefined =>
  knownTextNow(sets)(reasonOf(error));

/** A failure text followed by the server's reason (as withReason does), the reason translated. */
export const withKnownReason = (text: string, error: unknown, sets: readonly TextSet[]): string => {
  const reason = knownReasonOf(error, sets);
  return reason ? `${text}: ${reason}` : text;
};
