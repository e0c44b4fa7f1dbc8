import { portalLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';
import { HeaderChoiceMenu } from '../../ui/HeaderChoiceMenu';
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
    <HeaderChoiceMenu
      id="theme-switch"
      label={`${text.theme}: ${text.themeChoices[choice]}`}
      title={text.theme}
      toggle={<i className={`bi bi-${ICONS[choice]} fs-5 align-middle`} aria-hidden="true" />}
      choices={THEME_CHOICES}
      chosen={choice}
      onChoose={choose}
      item={(c) => (
        <>
          <i className={`bi bi-${ICONS[c]} me-2`} aria-hidden="true" />
          {text.themeChoices[c]}
        </>
      )}
    />
  );
}
