import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES, readLanguage } from './languages';
import { NAMESPACES, resources } from './resources';

/** The browser's languages, best first (jsdom and old browsers may give only `language`). */
const preferredLanguages = (): readonly string[] =>
  navigator.languages?.length ? navigator.languages : [navigator.language];

/**
 * Starts i18next before the first render, synchronously: every resource is in the bundle, so no
 * screen ever shows a key while a file loads. The page's `lang` follows every change.
 */
export function initI18n(
  language: Language = readLanguage(window.localStorage, preferredLanguages()),
) {
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', (lng) => document.documentElement.setAttribute('lang', lng));
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      ns: NAMESPACES,
      defaultNS: 'common',
      initAsync: false,
      // React escapes what it renders; escaping here too would show &amp; for &.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else void i18next.changeLanguage(language);
  document.documentElement.setAttribute('lang', i18next.language);
  return i18next;
}
