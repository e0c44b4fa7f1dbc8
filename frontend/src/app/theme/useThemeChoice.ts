import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery } from '../../ui/useMediaQuery';
import {
  applyTheme,
  DARK_SCHEME_QUERY,
  readThemeChoice,
  resolveTheme,
  type ThemeChoice,
  writeThemeChoice,
} from './theme-choice';

/**
 * The user's theme choice on this browser, applied to the page; with 'system' the page follows
 * the system's setting as it changes.
 */
export function useThemeChoice() {
  const [choice, setChoice] = useState<ThemeChoice>(() => readThemeChoice(window.localStorage));
  const systemDark = useMediaQuery(DARK_SCHEME_QUERY);
  const theme = resolveTheme(choice, systemDark);

  useEffect(() => applyTheme(theme), [theme]);

  const choose = useCallback((next: ThemeChoice) => {
    writeThemeChoice(window.localStorage, next);
    setChoice(next);
  }, []);

  return { choice, theme, choose };
}
