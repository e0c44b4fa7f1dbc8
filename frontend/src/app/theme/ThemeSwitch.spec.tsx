import { PORTAL_LABELS } from '@store-cloud/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { THEME_STORAGE_KEY } from './theme-choice';
import { ThemeSwitch } from './ThemeSwitch';
import { useAppliedTheme } from './useThemeChoice';

/** The switch in the header, the theme applied at the app's root, as in the portal. */
function Page() {
  useAppliedTheme();
  return <ThemeSwitch />;
}

const { themeChoices } = PORTAL_LABELS;
const html = document.documentElement;

describe('ThemeSwitch', () => {
  it('follows the system by default and keeps a chosen theme for the next visit', async () => {
    renderWithProviders(<Page />);
    // jsdom's system is light.
    expect(html).toHaveAttribute('data-bs-theme', 'light');
    const toggle = screen.getByRole('button', {
      name: `${PORTAL_LABELS.theme}: ${themeChoices.system}`,
    });

    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: themeChoices.dark }));
    expect(html).toHaveAttribute('data-bs-theme', 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(
      screen.getByRole('button', { name: `${PORTAL_LABELS.theme}: ${themeChoices.dark}` }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^Theme:/ }));
    await userEvent.click(screen.getByRole('button', { name: themeChoices.system }));
    expect(html).toHaveAttribute('data-bs-theme', 'light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });
});
