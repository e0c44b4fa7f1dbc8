import { type HTMLAttributes, type Key, type ReactNode, useState } from 'react';
import { Table } from 'react-bootstrap';
import { matchesSearch } from './search';
import { SearchBox } from './SearchBox';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

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
          <Table hover size="sm" className={tableClassName} aria-label={tableLabel}>
            <thead>
              <tr>
                {columns.map((c, i) => (
                  <th key={i}>{c.header}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={rowKey(row)} {...rowProps(row)}>
                  {columns.map((c, i) => (
                    <td key={i} className={c.className}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}
