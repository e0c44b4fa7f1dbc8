/**
 * The portal's languages (issue 30 item 6). The choice is kept per browser, like the theme: the
 * login screen needs it before anyone is known. Without a choice the browser's language decides.
 */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language in its own words, so a reader finds theirs whatever the page shows now. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

export const LANGUAGE_STORAGE_KEY = 'storecloud.language';

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The first of the browser's languages the portal speaks ('de-AT' is German), else English. */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** The stored choice, else the browser's language (also when storage is disabled or garbled). */
export function readLanguage(
  storage: Pick<Storage, 'getItem'> | undefined,
  preferred: readonly string[],
): Language {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage disabled (a private window's policy): the browser's language decides.
  }
  return browserLanguage(preferred);
}

export function writeLanguage(storage: Pick<Storage, 'setItem'>, language: Language) {
  try {
    storage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage full or disabled: the choice holds for this page only.
  }
}
