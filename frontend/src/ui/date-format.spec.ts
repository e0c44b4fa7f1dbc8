import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import {
  datePlaceholder,
  formatDate,
  formatDateTime,
  textToValue,
  valueToText,
} from './date-format';

// 27 November 2026, 09:05:07 in the browser's time zone.
const AT = new Date(2026, 10, 27, 9, 5, 7);

describe('the date format follows the page language', () => {
  it('writes English as the spec does: dd/MM/yyyy HH:mm', () => {
    initI18n('en');
    expect(formatDateTime(AT)).toBe('27/11/2026 09:05');
    expect(formatDateTime(AT, true)).toBe('27/11/2026 09:05:07');
    expect(formatDate(AT)).toBe('27/11/2026');
    expect(datePlaceholder('datetime')).toBe('dd/mm/yyyy hh:mm');
    expect(textToValue('datetime', '27/11/2026 9:05')).toBe('2026-11-27T09:05');
  });

  it('writes and reads German as dd.MM.yyyy', () => {
    initI18n('de');
    expect(formatDateTime(AT)).toBe('27.11.2026 09:05');
    expect(formatDateTime(AT, true)).toBe('27.11.2026 09:05:07');
    expect(formatDate(AT)).toBe('27.11.2026');
    expect(valueToText('date', '2026-11-27')).toBe('27.11.2026');
    expect(datePlaceholder('date')).toBe('TT.MM.JJJJ');
    expect(textToValue('datetime', '27.11.2026 9:05')).toBe('2026-11-27T09:05');
  });
});
