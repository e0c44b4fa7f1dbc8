import { daypartTextSet, mediaRuleTextSet, mediaValidationTextSet } from '../../i18n/sets/media';
import type { TextSet } from '../../i18n/text-set';
import { useTexts } from '../../i18n/useTexts';

type Texts = Record<string, unknown>;
const MARK = '\u0000';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One of the set's English texts that reached the screen as a string (a schema's message, built
 * by the contracts), in the page's language: a text as it is, or a function text whose arguments
 * are read back out of the English (`Maximum of 5 Tag Folders Allowed`). Undefined if none fits.
 */
function inLanguage(set: TextSet, texts: Texts, english: string): string | undefined {
  for (const [key, source] of Object.entries(set.source as Texts)) {
    if (source === english && typeof texts[key] === 'string') return texts[key] as string;
    const names = set.params[key];
    // A list parameter (`[]zones`) cannot be read back: such a text stays English.
    if (typeof source !== 'function' || !names || names.some((n) => n.startsWith('[]'))) continue;
    const parts = String(source(...names.map((_, i) => `${MARK}${i}${MARK}`))).split(
      new RegExp(`${MARK}\\d+${MARK}`),
    );
    const found = new RegExp(`^${parts.map(escape).join('(.+?)')}$`).exec(english);
    if (!found) continue;
    const args = found.slice(1).map((arg) => (/^\d+$/.test(arg) ? Number(arg) : arg));
    return (texts[key] as (...a: unknown[]) => string)(...args);
  }
  return undefined;
}

/**
 * Media's validation messages in the page's language: the contracts' schemas word them in
 * English (the spec's words), and a form shows what they gave through this.
 */
export function useMediaMessage(): (message: string | undefined) => string | undefined {
  const sets: [TextSet, Texts][] = [
    [mediaValidationTextSet, useTexts(mediaValidationTextSet)],
    [mediaRuleTextSet, useTexts(mediaRuleTextSet)],
    [daypartTextSet, useTexts(daypartTextSet)],
  ];
  return (message) =>
    message === undefined
      ? undefined
      : (sets.map(([set, texts]) => inLanguage(set, texts, message)).find(Boolean) ?? message);
}
