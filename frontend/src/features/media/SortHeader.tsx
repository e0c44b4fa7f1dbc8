import { SortHeader as TableSortHeader } from '../../ui/SortHeader';
import type { Sort } from './media-rules';

/** A media table's sortable heading: the shared one, driven by the media screens' own sort. */
export function SortHeader<K extends string>({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: K;
  sort: Sort<K>;
  onSort: (column: K) => void;
}) {
  const active = sort.key === column;
  return (
    <TableSortHeader
      label={label}
      direction={active ? (sort.asc ? 'ascending' : 'descending') : 'none'}
      onSort={() => onSort(column)}
    />
  );
}
