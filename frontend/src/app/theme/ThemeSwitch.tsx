import { Dropdown } from 'react-bootstrap';
import { portalLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';
import { THEME_CHOICES, type ThemeChoice } from './theme-choice';
import { useThemeChoice } from './useThemeChoice';

const ICONS: Record<ThemeChoice, string> = {
  light: 'sun',
  dark: 'moon-stars',
  system: 'circle-half',
};

/** The header's theme switch: light, dark, or following the system (the default). */
export function ThemeSwitch() {
  const { choice, choose } = useThemeChoice();
  const text = useTexts(portalLabelsSet);
  return (
    <Dropdown align="end" className="me-2">
      <Dropdown.Toggle
        variant="link"
        id="theme-switch"
        className="nav-link px-2"
        aria-label={`${text.theme}: ${text.themeChoices[choice]}`}
        title={text.theme}
      >
        <i className={`bi bi-${ICONS[choice]} fs-5 align-middle`} aria-hidden="true" />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {THEME_CHOICES.map((c) => (
          <Dropdown.Item
            key={c}
            as="button"
            type="button"
            active={c === choice}
            aria-current={c === choice ? 'true' : undefined}
            onClick={() => choose(c)}
          >
            <i className={`bi bi-${ICONS[c]} me-2`} aria-hidden="true" />
            {text.themeChoices[c]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
