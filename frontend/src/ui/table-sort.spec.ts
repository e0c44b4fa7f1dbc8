import { describe, expect, it } from 'vitest';
import { compareValues, formatSort, parseSort, sortRows } from './table-sort';

describe('table sort', () => {
  it('reads and writes the URL form: column ascending, -column descending', () => {
    expect(parseSort('-version')).toEqual({ column: 'version', asc: false });
    expect(parseSort('store')).toEqual({ column: 'store', asc: true });
    expect(parseSort(null)).toBeNull();
    expect(formatSort({ column: 'version', asc: false })).toBe('-version');
  });

  it('sorts text as a reader does (Store 9 before Store 10) and puts missing values last', () => {
    expect(['Store 10', 'Store 9', 'store 1'].sort(compareValues)).toEqual([
      'store 1',
      'Store 9',
      'Store 10',
    ]);
    const rows = [{ v: 2 }, { v: undefined }, { v: 1 }];
    expect(sortRows(rows, { column: 'v', asc: true }, (r) => r.v).map((r) => r.v)).toEqual([
      1,
      2,
      undefined,
    ]);
  });

  it('keeps the incoming order of rows equal on the column, in both directions', () => {
    const rows = [
      { id: 'a', k: 1 },
      { id: 'b', k: 0 },
      { id: 'c', k: 1 },
    ];
    const ids = (asc: boolean) => sortRows(rows, { column: 'k', asc }, (r) => r.k).map((r) => r.id);
    expect(ids(true)).toEqual(['b', 'a', 'c']);
    expect(ids(false)).toEqual(['a', 'c', 'b']);
  });
});
