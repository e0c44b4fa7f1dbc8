/**
 * The Central Media screen's rules (spec media §4, §5, §9), kept apart from the components so
 * they can be read and tested on their own.
 */
import {
  MEDIA_DATE_FORMAT,
  MEDIA_EXTENSIONS,
  MEDIA_IMAGE_EXTENSIONS,
  MEDIA_MAX_UPLOAD_BYTES,
  MEDIA_PARAM,
  type MediaServerParam,
  type Schedule,
  type ScheduleStatus,
} from '@store-cloud/contracts';
import { format } from 'date-fns';
import type { BadgeTone } from '../../ui/StatusBadge';
import { mediaLabelsSet, mediaValidationTextSet } from '../../i18n/sets/media';
import { textsNow } from '../../i18n/useTexts';

/** Schedule status badges: Pending waits (light blue), Active is live (green), Inactive is over. */
export const SCHEDULE_TONE: Record<ScheduleStatus, BadgeTone> = {
  READY: 'info',
  ACTIVE: 'success',
  EXPIRED: 'secondary',
};

export const extensionOf = (name: string): string | undefined => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : undefined;
};

export interface Warning {
  title: string;
  message: string;
}

/**
 * Which of the chosen files go up (spec §5): a name without extension, a type other than
 * jpg/jpeg/png/mp4 (any case) or more than 20,000,000 bytes is skipped with its warning; when
 * nothing is left, 'No valid files were selected for upload'.
 */
export function checkUploadFiles<F extends { name: string; size: number }>(
  files: readonly F[],
): { valid: F[]; warnings: Warning[] } {
  const mediaLabels = textsNow(mediaLabelsSet);
  const mediaValidationText = textsNow(mediaValidationTextSet);
  const { importMedia, fileUpload } = mediaLabels.toastTitle;
  const valid: F[] = [];
  const warnings: Warning[] = [];
  for (const file of files) {
    const ext = extensionOf(file.name);
    if (!ext)
      warnings.push({
        title: importMedia,
        message: mediaValidationText.invalidFileName(file.name),
      });
    else if (!(MEDIA_EXTENSIONS as readonly string[]).includes(ext))
      warnings.push({
        title: importMedia,
        message: mediaValidationText.invalidFileExtension(file.name),
      });
    else if (file.size > MEDIA_MAX_UPLOAD_BYTES)
      warnings.push({ title: fileUpload, message: mediaValidationText.fileTooLarge(file.name) });
    else valid.push(file);
  }
  if (!valid.length)
    warnings.push({ title: importMedia, message: mediaValidationText.noValidFiles });
  return { valid, warnings };
}

/** ?width= and ?height= of an image upload from MaxWidth/MaxHeight; an mp4 gets none (spec §5). */
export function uploadQuery(fileName: string, params: readonly MediaServerParam[]) {
  const ext = extensionOf(fileName);
  if (!ext || !(MEDIA_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return {};
  const value = (name: string) => {
    const n = Number(params.find((p) => p.name === name)?.value);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const width = value(MEDIA_PARAM.maxWidth);
  const height = value(MEDIA_PARAM.maxHeight);
  return { ...(width ? { width } : {}), ...(height ? { height } : {}) };
}

/**
 * The schedule a pending file belongs to: an open one (READY or ACTIVE) first, else the latest
 * expired one.
 */
export function scheduleOfFile(file: string, schedules: readonly Schedule[]): Schedule | undefined {
  const mine = schedules.filter((s) => s.files.includes(file));
  return (
    mine.find((s) => s.status !== 'EXPIRED') ??
    mine.sort((a, b) => b.createdDate.localeCompare(a.createdDate))[0]
  );
}

/** Spec §4: a file is selectable for bulk actions when it has no schedule or an expired one. */
export const isSelectable = (schedule: Schedule | undefined) =>
  !schedule || schedule.status === 'EXPIRED';

/** One row's checkbox: the selection with `key` added, or removed when it was in. */
export function toggleOne<T>(selected: ReadonlySet<T>, key: T): Set<T> {
  const next = new Set(selected);
  if (!next.delete(key)) next.add(key);
  return next;
}

/** Select-all: all selectable names when any is unselected, else none. */
export function toggleAll(selectable: readonly string[], selected: ReadonlySet<string>) {
  const all = selectable.length > 0 && selectable.every((f) => selected.has(f));
  return new Set(all ? [] : selectable);
}

export const showDate = (iso: string) => format(new Date(iso), MEDIA_DATE_FORMAT.shown);
export const showCreated = (iso: string) => format(new Date(iso), MEDIA_DATE_FORMAT.created);
export const toInput = (date: Date) => format(date, MEDIA_DATE_FORMAT.input);
export interface Sort<K extends string> {
  key: K;
  asc: boolean;
}
/** A repeated click on the sorted column toggles the direction; another column starts ascending. */
export const nextSort = <K extends string>(sort: Sort<K>, key: K): Sort<K> =>
  sort.key === key ? { key, asc: !sort.asc } : { key, asc: true };

export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: Sort<K>,
  value: (row: T, key: K) => string | number,
): T[] {
  const dir = sort.asc ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a, sort.key);
    const y = value(b, sort.key);
    return (
      (typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y))) * dir
    );
  });
}

/** Bytes for people: 1.5 MB, 20 KB. */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
