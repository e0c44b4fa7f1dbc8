import { type HTMLAttributes, type Key, type ReactNode, useState } from 'react';
import { type Column, ItemTable } from './ItemTable';
import { matchesSearch } from './search';
import { SearchBox } from './SearchBox';

export type { Column };

/**
 * A search field over a scrolling table (spec §5: search from 3 characters on the given fields).
 * With `empty`, that text replaces the table when no row is left; long lists render only the rows
 * in view, and sortable columns keep their sort in the URL's `sortParam`.
 */
export function SearchableTable<T>({
  rows,
  searchLabel,
  searchFields,
  tableLabel,
  tableClassName,
  columns,
  rowKey,
  rowProps,
  maxHeight,
  empty,
  sortParam,
}: {
  rows: readonly T[];
  searchLabel: string;
  searchFields: (row: T) => Array<string | number>;
  tableLabel?: string;
  tableClassName?: string;
  columns: readonly Column<T>[];
  rowKey: (row: T) => Key;
  rowProps: (row: T) => HTMLAttributes<HTMLTableRowElement>;
  maxHeight: number;
  empty?: ReactNode;
  /** The URL parameter keeping the sort, where columns are sortable. */
  sortParam?: string;
}) {
  const [search, setSearch] = useState('');
  const shown = rows.filter((row) => matchesSearch(search, ...searchFields(row)));
  return (
    <>
      <SearchBox label={searchLabel} value={search} onChange={setSearch} />
      <ItemTable
        label={tableLabel}
        rows={shown}
        rowKey={rowKey}
        rowProps={rowProps}
        columns={columns}
        className={tableClassName}
        maxHeight={maxHeight}
        sortParam={sortParam}
        empty={empty}
      />
    </>
  );
}
