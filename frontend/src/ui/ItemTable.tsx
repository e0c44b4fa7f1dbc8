import { VIRTUAL_ROWS_FROM } from '@store-cloud/contracts';
import { type ReactNode, useMemo, useRef } from 'react';
import { Table } from 'react-bootstrap';
import { LoadingSpinner } from './LoadingSpinner';
import { Pager, usePage } from './Pager';
import { SortHeader } from './SortHeader';
import { classes, type Column, hiddenBelow, type RowRender } from './table-columns';
import { sortRows, useUrlSort } from './table-sort';
import { TableRow } from './TableRow';
import { VirtualRows } from './VirtualRows';

export type { Column };

const STICKY_HEAD = { position: 'sticky', top: 0, zIndex: 1 } as const;

/**
 * The portal's table of items (issue 30): a header row from the columns, a row per item, and
 * (with `actions`) a last right-aligned cell for the row's buttons, its header named by
 * `actionsLabel`. Columns with `sort` sort it, the sort kept in the URL's `sortParam`; with
 * `maxHeight` it scrolls in its own region and, from VIRTUAL_ROWS_FROM rows, renders only the
 * rows in view; with `pageSize` it pages instead. `loading` shows a spinner, `empty` replaces an
 * empty table. On a phone, columns hide by their `hideBelow` priority.
 */
export function ItemTable<T>({
  label,
  rows,
  columns,
  actionsLabel,
  className,
  responsive = true,
  sortParam,
  maxHeight,
  pageSize,
  loading,
  empty,
  ...render
}: Omit<RowRender<T>, 'columns'> & {
  label?: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  actionsLabel?: string;
  className?: string;
  responsive?: boolean;
  sortParam?: string;
  maxHeight?: number | string;
  pageSize?: number;
  loading?: boolean;
  empty?: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const { sort, toggle } = useUrlSort(sortParam);
  const sortedBy = sort && columns.find((c) => c.sort?.id === sort.column)?.sort;
  const sorted = useMemo(
    () => sortRows(rows, sortedBy ? sort : null, sortedBy?.value),
    [rows, sort, sortedBy],
  );
  const page = usePage(sortParam, pageSize, sorted.length);
  const shown = page ? sorted.slice(page.first, page.first + pageSize!) : sorted;
  // One object while its parts stay the same, so a memoised row re-renders only when its own row
  // changes; each part of RowRender is listed.
  const { rowKey, rowProps, rowTestId, actions, wrapRow } = render;
  const rowRender = useMemo<RowRender<T>>(
    () => ({ columns, rowKey, rowProps, rowTestId, actions, wrapRow }),
    [columns, rowKey, rowProps, rowTestId, actions, wrapRow],
  );

  if (loading) return <LoadingSpinner small />;
  if (empty !== undefined && !rows.length) return <>{empty}</>;

  const virtual = maxHeight !== undefined && !page && shown.length >= VIRTUAL_ROWS_FROM;
  const table = (
    <Table
      hover
      size="sm"
      responsive={responsive && maxHeight === undefined}
      className={className}
      aria-label={label}
      aria-rowcount={virtual ? shown.length + 1 : undefined}
    >
      {/* Sticky inside its region only: Bootstrap's sticky-top (z-index 1020) covered the menus. */}
      <thead style={maxHeight !== undefined ? STICKY_HEAD : undefined}>
        <tr aria-rowindex={virtual ? 1 : undefined}>
          {columns.map((c, i) => {
            const className = classes(c.headerClassName ?? c.className, hiddenBelow(c));
            const name = c.label ?? (typeof c.header === 'string' ? c.header : '');
            if (!c.sort || !sortParam)
              return (
                <th key={i} className={className} aria-label={c.header ? undefined : c.label}>
                  {c.header}
                </th>
              );
            const active = sort?.column === c.sort.id;
            return (
              <SortHeader
                key={i}
                label={name}
                className={className}
                direction={active ? (sort.asc ? 'ascending' : 'descending') : 'none'}
                onSort={() => toggle(c.sort!.id)}
              >
                {c.header}
              </SortHeader>
            );
          })}
          {actions && <th aria-label={actionsLabel} />}
        </tr>
      </thead>
      {virtual ? (
        <VirtualRows
          rows={shown}
          render={rowRender}
          scroller={scroller}
          colSpan={columns.length + (actions ? 1 : 0)}
        />
      ) : (
        <tbody>
          {shown.map((row) => (
            <TableRow key={rowKey(row)} row={row} render={rowRender} />
          ))}
        </tbody>
      )}
    </Table>
  );
  return (
    <>
      {maxHeight === undefined ? (
        table
      ) : (
        // A scroll region takes focus, so a keyboard can scroll it (axe: scrollable-region-focusable).
        <div
          ref={scroller}
          role="region"
          aria-label={label}
          tabIndex={0}
          style={{ maxHeight, overflowY: 'auto' }}
        >
          {table}
        </div>
      )}
      {page && <Pager page={page} />}
    </>
  );
}
