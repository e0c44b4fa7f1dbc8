import { MEDIA_LABELS, MEDIA_VALIDATION_TEXT, type Schedule } from '@store-cloud/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkUploadFiles,
  isSelectable,
  nextSort,
  scheduleOfFile,
  sortRows,
  toggleAll,
  uploadQuery,
} from './media-rules';

const schedule = (over: Partial<Schedule>): Schedule => ({
  _id: 's1',
  companyId: 7,
  companyName: 'Acme',
  mediaFolderName: 'Acme-7',
  destination: 'promo',
  startDate: '2026-01-01T10:00:00.000Z',
  endDate: '2026-01-02T10:00:00.000Z',
  createdDate: '2026-01-01T09:00:00.000Z',
  author: 'a@b.c',
  files: ['a.png'],
  status: 'READY',
  ...over,
});

describe('upload checks', () => {
  it('skips files without extension, of other types or over 20,000,000 bytes, with their warnings', () => {
    const { valid, warnings } = checkUploadFiles([
      { name: 'ok.PNG', size: 10 },
      { name: 'clip.mp4', size: 20_000_000 },
      { name: 'noext', size: 1 },
      { name: 'doc.pdf', size: 1 },
      { name: 'huge.jpg', size: 20_000_001 },
    ]);
    expect(valid.map((f) => f.name)).toEqual(['ok.PNG', 'clip.mp4']);
    expect(warnings).toEqual([
      {
        title: MEDIA_LABELS.toastTitle.importMedia,
        message: MEDIA_VALIDATION_TEXT.invalidFileName('noext'),
      },
      {
        title: MEDIA_LABELS.toastTitle.importMedia,
        message: MEDIA_VALIDATION_TEXT.invalidFileExtension('doc.pdf'),
      },
      {
        title: MEDIA_LABELS.toastTitle.fileUpload,
        message: MEDIA_VALIDATION_TEXT.fileTooLarge('huge.jpg'),
      },
    ]);
  });

  it('says so when no file is left', () => {
    const { valid, warnings } = checkUploadFiles([{ name: 'a.gif', size: 1 }]);
    expect(valid).toEqual([]);
    expect(warnings.at(-1)?.message).toBe(MEDIA_VALIDATION_TEXT.noValidFiles);
  });

  it('bounds images by MaxWidth and MaxHeight and leaves mp4 alone', () => {
    const params = [
      { name: 'MaxWidth', value: 1200 },
      { name: 'MaxHeight', value: '937' },
    ];
    expect(uploadQuery('a.jpeg', params)).toEqual({ width: 1200, height: 937 });
    expect(uploadQuery('a.mp4', params)).toEqual({});
  });
});

describe('selection', () => {
  it('lets a file be selected without a schedule or with an expired one only', () => {
    expect(isSelectable(undefined)).toBe(true);
    expect(isSelectable(schedule({ status: 'EXPIRED' }))).toBe(true);
    expect(isSelectable(schedule({ status: 'READY' }))).toBe(false);
    expect(isSelectable(schedule({ status: 'ACTIVE' }))).toBe(false);
  });

  it('finds the open schedule of a file before an expired one', () => {
    const list = [
      schedule({ _id: 'old', status: 'EXPIRED' }),
      schedule({ _id: 'open', status: 'READY' }),
    ];
    expect(scheduleOfFile('a.png', list)?._id).toBe('open');
    expect(scheduleOfFile('b.png', list)).toBeUndefined();
  });

  it('select-all selects every selectable file, then none', () => {
    const all = toggleAll(['a', 'b'], new Set(['a']));
    expect([...all]).toEqual(['a', 'b']);
    expect([...toggleAll(['a', 'b'], all)]).toEqual([]);
  });
});

describe('sorting', () => {
  it('toggles the direction on a repeated click and starts another column ascending', () => {
    const asc = nextSort({ key: 'name', asc: false }, 'size');
    expect(asc).toEqual({ key: 'size', asc: true });
    expect(nextSort(asc, 'size')).toEqual({ key: 'size', asc: false });
    const rows = [
      { n: 'b', s: 2 },
      { n: 'a', s: 10 },
    ];
    expect(
      sortRows(rows, { key: 's', asc: false }, (r, k) => r[k as 'n' | 's']).map((r) => r.n),
    ).toEqual(['a', 'b']);
  });
});
