import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { type Column, ItemTable } from '../../ui/ItemTable';
import type { RowRender } from '../../ui/table-columns';

/** A long list scrolls inside its card: the card's own region renders only the rows in view. */
const LIST_MAX_HEIGHT = '70vh';

/**
 * A titled card holding one of Status's lists as the shared table named by the title: sortable
 * (the sort in the URL's `sortParam`), a spinner while loading, the empty text when empty.
 */
export function StatusCard<T>({
  title,
  count,
  loading,
  items,
  emptyText,
  action,
  columns,
  sortParam,
  ...render
}: Omit<RowRender<T>, 'columns'> & {
  title: string;
  count?: number;
  loading: boolean;
  items: readonly T[];
  emptyText: string;
  action?: ReactNode;
  columns: readonly Column<T>[];
  sortParam: string;
}) {
  const heading = count === undefined ? title : `${title} (${count})`;
  return (
    <Card className="mb-3">
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h6 mb-0">{heading}</h2>
        {action}
      </Card.Header>
      <Card.Body className={loading || !items.length ? 'p-3' : 'p-0'}>
        <ItemTable
          {...render}
          label={title}
          rows={items}
          columns={columns}
          className="mb-0"
          sortParam={sortParam}
          maxHeight={LIST_MAX_HEIGHT}
          loading={loading}
          empty={<p className="text-muted mb-0">{emptyText}</p>}
        />
      </Card.Body>
    </Card>
  );
}
