import type { HTMLAttributes, Key, ReactNode } from 'react';
import { Table } from 'react-bootstrap';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The class of the column's cells. */
  className?: string;
  /** The class of the column's header, where it differs from its cells'. */
  headerClassName?: string;
  /** Shown only on medium screens and larger. */
  wide?: boolean;
}

const WIDE = 'd-none d-md-table-cell';
const classes = (...names: (string | false | undefined)[]) =>
  names.filter(Boolean).join(' ') || undefined;

/**
 * A table of items: a header row from the columns, a row per item, and (with `actions`) a last
 * right-aligned cell for the row's buttons, its header named by `actionsLabel`.
 */
export function ItemTable<T>({
  label,
  rows,
  rowKey,
  rowProps,
  rowTestId,
  columns,
  actionsLabel,
  actions,
  className,
  responsive = true,
}: {
  label?: string;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement>;
  rowTestId?: string;
  columns: readonly Column<T>[];
  actionsLabel?: string;
  actions?: (row: T) => ReactNode;
  className?: string;
  responsive?: boolean;
}) {
  return (
    <Table hover size="sm" responsive={responsive} className={className} aria-label={label}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} className={classes(c.headerClassName, c.wide && WIDE)}>
              {c.header}
            </th>
          ))}
          {actions && <th aria-label={actionsLabel} />}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid={rowTestId} {...rowProps?.(row)}>
            {columns.map((c, i) => (
              <td key={i} className={classes(c.className, c.wide && WIDE)}>
                {c.cell(row)}
              </td>
            ))}
            {actions && <td className="text-end text-nowrap">{actions(row)}</td>}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
