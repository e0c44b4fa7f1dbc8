import { memo, type Ref } from 'react';
import { classes, hiddenBelow, type RowRender } from './table-columns';

/** One row of an ItemTable: its cells, the actions cell, and the screen's wrapper around it. */
function TableRowOf<T>({
  row,
  render,
  index,
  rowIndex,
  measure,
}: {
  row: T;
  render: RowRender<T>;
  /** The virtualiser's index, for measuring the row. */
  index?: number;
  /** aria-rowindex where only part of the rows is in the DOM. */
  rowIndex?: number;
  measure?: Ref<HTMLTableRowElement>;
}) {
  const { columns, rowProps, rowTestId, actions, wrapRow } = render;
  const tr = (
    <tr
      data-testid={rowTestId}
      data-index={index}
      aria-rowindex={rowIndex}
      ref={measure}
      {...rowProps?.(row)}
    >
      {columns.map((c, i) => (
        <td key={i} className={classes(c.className, hiddenBelow(c))}>
          {c.cell(row)}
        </td>
      ))}
      {actions && <td className="text-end text-nowrap">{actions(row)}</td>}
    </tr>
  );
  return wrapRow ? wrapRow(row, tr) : tr;
}

/**
 * Rendered again only when its row object, the table's render functions or its position change
 * (issue 30: a live status batch re-rendered every row in view when it changed one store).
 */
export const TableRow = memo(TableRowOf) as typeof TableRowOf;
