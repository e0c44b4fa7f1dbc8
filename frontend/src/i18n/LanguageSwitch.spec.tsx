import { PORTAL_LABELS } from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeSwitch } from '../app/theme/ThemeSwitch';
import { renderWithProviders } from '../test/render';
import deCommon from './de/common';
import { initI18n } from './i18n';
import { LANGUAGE_STORAGE_KEY, readLanguage } from './languages';
import { LanguageSwitch } from './LanguageSwitch';

/** The header's two switches, as in the portal. */
function Header() {
  return (
    <>
      <LanguageSwitch />
      <ThemeSwitch />
    </>
  );
}

const html = document.documentElement;

describe('LanguageSwitch', () => {
  it('shows German once chosen, keeps it for the next visit, and sets the page language', async () => {
    renderWithProviders(<Header />);
    expect(html).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('button', { name: /^Theme:/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Language: English, en' }));
    await userEvent.click(screen.getByRole('button', { name: 'Deutsch' }));

    expect(html).toHaveAttribute('lang', 'de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(
      screen.getByRole('button', {
        name: `${deCommon.portal.theme}: ${deCommon.portal.themeChoices.system}`,
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `${deCommon.portal.language}: Deutsch, de` }),
    ).toBeInTheDocument();

    // The next visit starts in German, whatever the browser's language.
    expect(readLanguage(localStorage, ['en-GB'])).toBe('de');

    await userEvent.click(screen.getByRole('button', { name: /^Sprache:/ }));
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(html).toHaveAttribute('lang', 'en');
    expect(
      screen.getByRole('button', {
        name: `${PORTAL_LABELS.theme}: ${PORTAL_LABELS.themeChoices.system}`,
      }),
    ).toBeInTheDocument();
  });

  it("follows the browser's language until a choice is made", () => {
    expect(readLanguage(localStorage, ['de-AT', 'en'])).toBe('de');
    expect(readLanguage(localStorage, ['fr-FR', 'en-US'])).toBe('en');
    expect(readLanguage(localStorage, ['fr-FR'])).toBe('en');
    initI18n(readLanguage(localStorage, ['de-DE']));
    expect(html).toHaveAttribute('lang', 'de');
  });
});
