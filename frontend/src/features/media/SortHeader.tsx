import { MEDIA_LABELS } from '@store-cloud/contracts';
import { Button } from 'react-bootstrap';
import type { Sort } from './media-rules';

/** A sortable column heading: click sorts, a repeated click toggles the direction. */
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
    <th
      aria-sort={active ? (sort.asc ? 'ascending' : 'descending') : 'none'}
      className="text-nowrap"
    >
      <Button
        variant="link"
        className="p-0 text-reset text-decoration-none fw-semibold"
        aria-label={MEDIA_LABELS.sortBy(label)}
        onClick={() => onSort(column)}
      >
        {label}
        {active && (
          <i className={`bi bi-caret-${sort.asc ? 'up' : 'down'}-fill ms-1`} aria-hidden="true" />
        )}
      </Button>
    </th>
  );
}
