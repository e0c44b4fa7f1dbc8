import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface TableSort {
  column: string;
  asc: boolean;
}

export type SortValue = string | number | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Numbers by value, text by the reader's collation (so "Store 9" comes before "Store 10"). */
export function compareValues(x: SortValue, y: SortValue): number {
  if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return collator.compare(String(x), String(y));
}

/**
 * Rows in the given order; a stable sort, so rows equal on the column keep their incoming order
 * (the screen's natural order breaks ties).
 */
export function sortRows<T>(
  rows: readonly T[],
  sort: TableSort | null,
  value: ((row: T) => SortValue) | undefined,
): readonly T[] {
  if (!sort || !value) return rows;
  const dir = sort.asc ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: value(row) }))
    .sort((a, b) => compareValues(a.v, b.v) * dir || a.i - b.i)
    .map((r) => r.row);
}

/** `column` ascending, `-column` descending: short enough for a link to share. */
export const parseSort = (raw: string | null): TableSort | null =>
  raw ? { column: raw.replace(/^-/, ''), asc: !raw.startsWith('-') } : null;
export const formatSort = (sort: TableSort) => `${sort.asc ? '' : '-'}${sort.column}`;

/**
 * A table's sort kept in the URL's `param` (issue 30), so a reload, Back and a shared link keep
 * it. A click on the sorted column turns its direction; another column starts ascending.
 */
export function useUrlSort(param: string | undefined) {
  const [params, setParams] = useSearchParams();
  const raw = param ? params.get(param) : null;
  const sort = useMemo(() => parseSort(raw), [raw]);
  const toggle = useCallback(
    (column: string) => {
      if (!param) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const was = parseSort(current.get(param));
          const asc = was?.column === column ? !was.asc : true;
          next.set(param, formatSort({ column, asc }));
          return next;
        },
        { replace: true },
      );
    },
    [param, setParams],
  );
  return { sort, toggle };
}
