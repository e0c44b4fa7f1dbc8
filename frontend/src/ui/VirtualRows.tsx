import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback } from 'react';
import type { RowRender } from './table-columns';
import { TableRow } from './TableRow';

/** A table row's height before it is measured (Bootstrap's small table, one line). */
const ESTIMATED_ROW_PX = 33;

/**
 * The rows of a long table that are in view, and spacer rows for the rest (issue 30: 18,000
 * stores were 18,000 rows re-rendered on every refresh). The table keeps its semantics: rows
 * carry aria-rowindex, the table aria-rowcount.
 */
export function VirtualRows<T>({
  rows,
  render,
  scroller,
  colSpan,
}: {
  rows: readonly T[];
  render: RowRender<T>;
  scroller: RefObject<HTMLDivElement | null>;
  colSpan: number;
}) {
  // A new getItemKey makes the virtualiser rebuild the positions of every row (18,000 keys on
  // each scroll frame): it changes only with the rows (a scroll re-renders this component alone).
  const { rowKey } = render;
  const getItemKey = useCallback((i: number) => rowKey(rows[i]!), [rows, rowKey]);
  // The virtualiser's functions change with the scroll: this component is not memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const spacer = (height: number) =>
    height > 0 && (
      <tr aria-hidden="true">
        <td colSpan={colSpan} style={{ height, padding: 0, border: 0 }} />
      </tr>
    );
  return (
    <tbody>
      {spacer(top)}
      {items.map((item) => (
        <TableRow
          key={item.key}
          row={rows[item.index]!}
          render={render}
          index={item.index}
          // The header row is row 1.
          rowIndex={item.index + 2}
          measure={virtualizer.measureElement}
        />
      ))}
      {spacer(bottom)}
    </tbody>
  );
}
