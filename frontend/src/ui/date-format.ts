import { DATE_FORMAT_STATUS } from '@store-cloud/contracts';
import { format, isValid, parse } from 'date-fns';
import i18next from 'i18next';
import type { Language } from '../i18n/languages';
import { datePlaceholderSet } from '../i18n/sets/common';
import { textsNow } from '../i18n/useTexts';

/**
 * The portal's one date and time format (issue 30 point 4): day first and a 24-hour clock, as the
 * spec's tables show them, in the browser's time zone. Tables and inputs both read from here, so
 * a date typed in a filter looks like the dates in the list it filters. English is the spec's
 * dd/MM/yyyy; German writes dd.MM.yyyy (the format follows the page's language, read per call).
 */
export const DATE_DISPLAY = {
  date: 'dd/MM/yyyy',
  time: 'HH:mm',
  datetime: 'dd/MM/yyyy HH:mm',
  seconds: DATE_FORMAT_STATUS,
  dayMonth: 'dd/MM',
} as const;

/** What native inputs hold (and what the forms and the spec's schedule inputs keep as value). */
export const DATE_VALUE = {
  date: 'yyyy-MM-dd',
  time: 'HH:mm',
  datetime: "yyyy-MM-dd'T'HH:mm",
} as const;

export type DateKind = keyof typeof DATE_VALUE;

type Display = Record<keyof typeof DATE_DISPLAY, string>;
const DISPLAY: Record<Language, Display> = {
  en: DATE_DISPLAY,
  de: {
    date: 'dd.MM.yyyy',
    time: 'HH:mm',
    datetime: 'dd.MM.yyyy HH:mm',
    seconds: 'dd.MM.yyyy HH:mm:ss',
    dayMonth: 'dd.MM.',
  },
};

/** The display formats of the page's language (English until one is chosen, and for any other). */
const display = (): Display => DISPLAY[i18next.language as Language] ?? DISPLAY.en;

/**
 * What an empty input of this kind shows, in words a person can follow: a text of the page's
 * language (common:datePlaceholder), unlike the formats, which are patterns for date-fns.
 */
export const datePlaceholder = (kind: DateKind): string => textsNow(datePlaceholderSet)[kind];

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** An instant as dd/MM/yyyy HH:mm (or with seconds); '' for a missing or unreadable one. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  withSeconds = false,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  return isValid(date) ? format(date, withSeconds ? display().seconds : display().datetime) : '';
}

/** A day as dd/MM/yyyy. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  return isValid(date) ? format(date, display().date) : '';
}

/** A day without its year, as a time scale labels it: dd/MM (German dd.MM.). */
export function formatDayMonth(value: string | number | Date): string {
  const date = toDate(value);
  return isValid(date) ? format(date, display().dayMonth) : '';
}

/** A time of day as HH:mm. */
export function formatTime(value: string | number | Date): string {
  const date = toDate(value);
  return isValid(date) ? format(date, display().time) : '';
}

/** An input's value (yyyy-MM-dd, HH:mm, yyyy-MM-ddTHH:mm) as the display text; '' if unreadable. */
export function valueToText(kind: DateKind, value: string | undefined | null): string {
  if (!value) return '';
  const date = parse(value, DATE_VALUE[kind], new Date());
  return isValid(date) ? format(date, display()[kind]) : '';
}

/**
 * Typed text as the input's value: the display form (single digits allowed), or the value form
 * itself (pasted, or typed by a test). '' for empty text, undefined when it cannot be read.
 */
export function textToValue(kind: DateKind, text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return '';
  for (const pattern of [display()[kind], DATE_VALUE[kind]]) {
    const date = parse(trimmed, pattern, new Date());
    if (isValid(date) && date.getFullYear() >= 1000) return format(date, DATE_VALUE[kind]);
  }
  return undefined;
}
