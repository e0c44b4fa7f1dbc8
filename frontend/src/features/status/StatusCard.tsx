import { Fragment, type ReactNode } from 'react';
import { Card, Table } from 'react-bootstrap';
import { LoadingSpinner } from '../../ui/LoadingSpinner';

/** A column header: its text, or only an accessible name (a column of buttons). */
export type StatusColumn = string | { label: string };

/**
 * A titled card holding one list as a table named by the title: a spinner while loading, the
 * empty text when empty.
 */
export function StatusCard<T>({
  title,
  count,
  loading,
  items,
  emptyText,
  action,
  columns,
  rowKey,
  children,
}: {
  title: string;
  count?: number;
  loading: boolean;
  items: readonly T[];
  emptyText: string;
  action?: ReactNode;
  columns: StatusColumn[];
  rowKey: (item: T) => string | number;
  children: (item: T) => ReactNode;
}) {
  const heading = count === undefined ? title : `${title} (${count})`;
  return (
    <Card className="mb-3">
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h6 mb-0">{heading}</h2>
        {action}
      </Card.Header>
      <Card.Body className="p-0 table-responsive">
        {loading ? (
          <div className="p-3">
            <LoadingSpinner small />
          </div>
        ) : !items.length ? (
          <p className="text-muted p-3 mb-0">{emptyText}</p>
        ) : (
          <Table hover size="sm" className="mb-0" aria-label={title}>
            <thead>
              <tr>
                {columns.map((c) =>
                  typeof c === 'string' ? (
                    <th key={c}>{c}</th>
                  ) : (
                    <th key={c.label} aria-label={c.label} />
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <Fragment key={rowKey(item)}>{children(item)}</Fragment>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
