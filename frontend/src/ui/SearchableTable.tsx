import { type HTMLAttributes, type Key, type ReactNode, useState } from 'react';
import { type Column, ItemTable } from './ItemTable';
import { matchesSearch } from './search';
import { SearchBox } from './SearchBox';

export type { Column };

/**
 * A search field over a scrolling table (spec §5: search from 3 characters on the given fields).
 * With `empty`, that text replaces the table when no row is left.
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
}) {
  const [search, setSearch] = useState('');
  const shown = rows.filter((row) => matchesSearch(search, ...searchFields(row)));
  return (
    <>
      <SearchBox label={searchLabel} value={search} onChange={setSearch} />
      {empty !== undefined && !shown.length ? (
        empty
      ) : (
        <div style={{ maxHeight, overflowY: 'auto' }}>
          <ItemTable
            label={tableLabel}
            rows={shown}
            rowKey={rowKey}
            rowProps={rowProps}
            columns={columns}
            className={tableClassName}
            responsive={false}
          />
        </div>
      )}
    </>
  );
}
