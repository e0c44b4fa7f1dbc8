import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { LoadingSpinner } from './LoadingSpinner';

/** What QueryList reads of a react-query result of a list. */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T[] | undefined;
}

/**
 * A list screen's body: the spinner while loading (or `waiting`, e.g. for a company to be
 * chosen), the failure alert, the empty text, else the list itself.
 */
export function QueryList<T>({
  query,
  loading,
  failed,
  empty,
  waiting = false,
  children,
}: {
  query: ListQuery<T>;
  loading: string;
  failed: string;
  empty: ReactNode;
  waiting?: boolean;
  children: (items: T[]) => ReactNode;
}) {
  if (waiting || query.isPending) return <LoadingSpinner label={loading} />;
  if (query.isError || !query.data) return <Alert variant="danger">{failed}</Alert>;
  if (!query.data.length) return <p className="text-muted">{empty}</p>;
  return children(query.data);
}
