import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { tableLabelsSet } from '../i18n/sets/common';
import { useTexts } from '../i18n/useTexts';

export type SortDirection = 'ascending' | 'descending' | 'none';

/**
 * A sortable column heading: the th carries aria-sort, a button inside takes the click, Enter
 * and Space; a repeated press turns the direction.
 */
export function SortHeader({
  label,
  direction,
  onSort,
  className,
  children,
}: {
  /** The column's name, for the button's accessible name. */
  label: string;
  direction: SortDirection;
  onSort: () => void;
  className?: string;
  /** What the heading shows, where it is more than the label. */
  children?: ReactNode;
}) {
  const tableLabels = useTexts(tableLabelsSet);
  return (
    <th aria-sort={direction} className={className ? `${className} text-nowrap` : 'text-nowrap'}>
      <Button
        variant="link"
        className="p-0 text-reset text-decoration-none fw-semibold"
        aria-label={tableLabels.sortBy(label)}
        onClick={onSort}
      >
        {children ?? label}
        <i
          className={`bi ms-1 ${
            direction === 'none'
              ? 'bi-chevron-expand opacity-50'
              : `bi-caret-${direction === 'ascending' ? 'up' : 'down'}-fill`
          }`}
          aria-hidden="true"
        />
      </Button>
    </th>
  );
}
