import { useTranslation } from 'react-i18next';
import { type Language, LANGUAGES, writeLanguage } from './languages';

/** The page's language and the way to change it for this browser (the header's switch). */
export function useLanguage() {
  const { i18n } = useTranslation();
  const language = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : LANGUAGES[0];
  const choose = (next: Language) => {
    writeLanguage(window.localStorage, next);
    void i18n.changeLanguage(next);
  };
  return { language, choose };
}
