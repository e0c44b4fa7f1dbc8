import { Dropdown } from 'react-bootstrap';
import { LANGUAGE_NAMES, LANGUAGES } from './languages';
import { portalLabelsSet } from './sets/common';
import { useLanguage } from './useLanguage';
import { useTexts } from './useTexts';

/** The header's language switch, beside the theme's: kept per browser, the browser's at first. */
export function LanguageSwitch() {
  const { language, choose } = useLanguage();
  const text = useTexts(portalLabelsSet);
  return (
    <Dropdown align="end" className="me-2">
      <Dropdown.Toggle
        variant="link"
        id="language-switch"
        className="nav-link px-2"
        // The name holds the code shown, as a word of its own: axe wants a visible label in the
        // accessible name, and reads none inside parentheses.
        aria-label={`${text.language}: ${LANGUAGE_NAMES[language]}, ${language}`}
        title={text.language}
      >
        <i className="bi bi-translate fs-5 align-middle" aria-hidden="true" />
        <span className="ms-1 text-uppercase small align-middle">{language}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {LANGUAGES.map((lng) => (
          <Dropdown.Item
            key={lng}
            as="button"
            type="button"
            lang={lng}
            active={lng === language}
            aria-current={lng === language ? 'true' : undefined}
            onClick={() => choose(lng)}
          >
            {LANGUAGE_NAMES[lng]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
