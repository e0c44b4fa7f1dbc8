import { describe, expect, it } from 'vitest';
import {
  applyTheme,
  readThemeChoice,
  resolveTheme,
  THEME_STORAGE_KEY,
  writeThemeChoice,
} from './theme-choice';

const storageWith = (value: string | null) => ({ getItem: () => value });

describe('theme choice', () => {
  it('follows the system until the user chooses', () => {
    expect(readThemeChoice(storageWith(null))).toBe('system');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it("keeps the user's choice over the system's", () => {
    writeThemeChoice(localStorage, 'light');
    expect(readThemeChoice(localStorage)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('reads a garbled or unreadable choice as the system one', () => {
    expect(readThemeChoice(storageWith('purple'))).toBe('system');
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readThemeChoice(blocked)).toBe('system');
    expect(readThemeChoice(undefined)).toBe('system');
  });

  it('survives a storage that refuses to write', () => {
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeThemeChoice(full, 'dark')).not.toThrow();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it("draws the page in the theme through Bootstrap's attribute", () => {
    const root = document.createElement('html');
    applyTheme('dark', root);
    expect(root.getAttribute('data-bs-theme')).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    applyTheme('light', root);
    expect(root.getAttribute('data-bs-theme')).toBe('light');
  });
});
