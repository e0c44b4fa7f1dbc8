import type { HTMLAttributes, Key, ReactElement, ReactNode } from 'react';
import type { SortValue } from './table-sort';

/** Bootstrap breakpoints a column may be hidden below (a phone keeps the columns that matter). */
export type Breakpoint = 'sm' | 'md' | 'lg';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The column's name where `header` is not plain text (the sort button's name). */
  label?: string;
  /** The class of the column's cells. */
  className?: string;
  /** The class of the column's header, where it differs from its cells'. */
  headerClassName?: string;
  /** Shown only on medium screens and larger (the same as `hideBelow: 'md'`). */
  wide?: boolean;
  /** Hidden below this breakpoint: the lower a column's priority, the wider the screen it needs. */
  hideBelow?: Breakpoint;
  /** Sortable: its id in the URL and the value its rows sort by. */
  sort?: { id: string; value: (row: T) => SortValue };
}

/** How each row is drawn; shared by the plain and the virtualised table body. */
export interface RowRender<T> {
  columns: readonly Column<T>[];
  rowKey: (row: T) => Key;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement>;
  rowTestId?: string;
  actions?: (row: T) => ReactNode;
  /** Wraps a row's tr (a popover trigger); must pass the ref and props on to it. */
  wrapRow?: (row: T, tr: ReactElement) => ReactElement;
}

export const classes = (...names: (string | false | undefined)[]) =>
  names.filter(Boolean).join(' ') || undefined;

export const hiddenBelow = <T>(c: Column<T>) => {
  const at = c.hideBelow ?? (c.wide ? 'md' : undefined);
  return at && `d-none d-${at}-table-cell`;
};
