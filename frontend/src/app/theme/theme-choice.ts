/**
 * The portal's colour theme (issue 30): light, dark, or the system's, as the user chose on this
 * browser. Bootstrap 5.3 draws either from the `data-bs-theme` attribute of <html>.
 */
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = Exclude<ThemeChoice, 'system'>;

/** Kept per browser, not per user: the login screen needs it before anyone is known. */
export const THEME_STORAGE_KEY = 'storecloud.theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

const isChoice = (value: unknown): value is ThemeChoice =>
  THEME_CHOICES.includes(value as ThemeChoice);

/** The stored choice; 'system' when none was made, or the storage is unreadable or garbled. */
export function readThemeChoice(storage: Pick<Storage, 'getItem'> | undefined): ThemeChoice {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isChoice(stored) ? stored : 'system';
  } catch {
    return 'system'; // Storage disabled (a private window's policy): the system decides.
  }
}

export function writeThemeChoice(storage: Pick<Storage, 'setItem'>, choice: ThemeChoice) {
  try {
    storage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage full or disabled: the choice holds for this page only.
  }
}

export const resolveTheme = (choice: ThemeChoice, systemDark: boolean): Theme =>
  choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

/** Draws the page in the theme: every Bootstrap colour follows the attribute. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement) {
  root.setAttribute('data-bs-theme', theme);
  // Form controls and scroll bars the browser draws itself follow as well.
  root.style.colorScheme = theme;
}
