import { Button } from 'react-bootstrap';
import { useSearchParams } from 'react-router-dom';
import { tableLabelsSet } from '../i18n/sets/common';
import { useTexts } from '../i18n/useTexts';

export interface Page {
  /** 1-based. */
  number: number;
  count: number;
  first: number;
  go: (page: number) => void;
}

/**
 * The page of a paged table, kept in the URL beside its sort (`<sortParam>Page`); past the last
 * page (after a filter) it shows the last. Undefined when the table does not page or fits one page.
 */
export function usePage(
  sortParam: string | undefined,
  pageSize: number | undefined,
  rows: number,
): Page | undefined {
  const [params, setParams] = useSearchParams();
  const param = `${sortParam ?? 'table'}Page`;
  if (!pageSize || rows <= pageSize) return undefined;
  const count = Math.ceil(rows / pageSize);
  const number = Math.min(Math.max(1, Number(params.get(param)) || 1), count);
  const go = (page: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(param, String(page));
        return next;
      },
      { replace: true },
    );
  return { number, count, first: (number - 1) * pageSize, go };
}

/** Previous and next with "Page n of m" between them. */
export function Pager({ page }: { page: Page }) {
  const tableLabels = useTexts(tableLabelsSet);
  return (
    <nav aria-label={tableLabels.pages} className="d-flex align-items-center gap-2 mb-3">
      <Button
        variant="outline-secondary"
        size="sm"
        aria-label={tableLabels.previousPage}
        disabled={page.number <= 1}
        onClick={() => page.go(page.number - 1)}
      >
        <i className="bi bi-chevron-left" aria-hidden="true" />
      </Button>
      <span aria-live="polite">{tableLabels.pageOf(page.number, page.count)}</span>
      <Button
        variant="outline-secondary"
        size="sm"
        aria-label={tableLabels.nextPage}
        disabled={page.number >= page.count}
        onClick={() => page.go(page.number + 1)}
      >
        <i className="bi bi-chevron-right" aria-hidden="true" />
      </Button>
    </nav>
  );
}
