import { HeaderChoiceMenu } from '../ui/HeaderChoiceMenu';
import { LANGUAGE_NAMES, LANGUAGES } from './languages';
import { portalLabelsSet } from './sets/common';
import { useLanguage } from './useLanguage';
import { useTexts } from './useTexts';

/** The header's language switch, beside the theme's: kept per browser, the browser's at first. */
export function LanguageSwitch() {
  const { language, choose } = useLanguage();
  const text = useTexts(portalLabelsSet);
  return (
    <HeaderChoiceMenu
      id="language-switch"
      // The name holds the code shown, as a word of its own: axe wants a visible label in the
      // accessible name, and reads none inside parentheses.
      label={`${text.language}: ${LANGUAGE_NAMES[language]}, ${language}`}
      title={text.language}
      toggle={
        <>
          <i className="bi bi-translate fs-5 align-middle" aria-hidden="true" />
          <span className="ms-1 text-uppercase small align-middle">{language}</span>
        </>
      }
      choices={LANGUAGES}
      chosen={language}
      onChoose={choose}
      item={(lng) => LANGUAGE_NAMES[lng]}
      lang={(lng) => lng}
    />
  );
}
