import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { bindTexts, type TextSet } from './text-set';

/**
 * A contract's texts in the page's language, in the contract's own shape: `text.acknowledgedBy(
 * user)` reads as before, each text comes from t(). Screens render again when the language changes.
 */
export function useTexts<T extends object>(set: TextSet<T>): T {
  const { t, i18n } = useTranslation(set.ns);
  return useMemo(() => bindTexts(set, t, i18n.language), [set, t, i18n.language]);
}

/** The same outside a render (a toast from a mutation's callback): the language of the moment. */
export function textsNow<T extends object>(set: TextSet<T>): T {
  return bindTexts(set, i18next.getFixedT(null, set.ns), i18next.language);
}
