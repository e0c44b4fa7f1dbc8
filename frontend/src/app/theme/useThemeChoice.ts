import { useEffect, useSyncExternalStore } from 'react';
import { useMediaQuery } from '../../ui/useMediaQuery';
import {
  applyTheme,
  DARK_SCHEME_QUERY,
  readThemeChoice,
  resolveTheme,
  type ThemeChoice,
  writeThemeChoice,
} from './theme-choice';

/** The choice on this browser, one for the whole page: the switch sets it, the app applies it. */
let current: ThemeChoice | undefined;
const listeners = new Set<() => void>();

const themeChoice = {
  get: (): ThemeChoice => (current ??= readThemeChoice(window.localStorage)),
  set(choice: ThemeChoice) {
    writeThemeChoice(window.localStorage, choice);
    current = choice;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** The user's theme choice and the way to change it (the header's switch). */
export function useThemeChoice() {
  const choice = useSyncExternalStore(themeChoice.subscribe, themeChoice.get);
  return { choice, choose: themeChoice.set };
}

/**
 * Keeps the page drawn in the chosen theme, on every screen (the login's too); with 'system' it
 * follows the system's setting as it changes.
 */
export function useAppliedTheme() {
  const { choice } = useThemeChoice();
  const theme = resolveTheme(choice, useMediaQuery(DARK_SCHEME_QUERY));
  useEffect(() => applyTheme(theme), [theme]);
}

/** Forgets the choice read from storage (tests clear the storage between cases). */
export function forgetThemeChoice() {
  current = undefined;
}
