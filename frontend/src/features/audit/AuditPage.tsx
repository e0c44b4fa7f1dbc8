import { AUDIT_MAX_REACHABLE, AUDIT_PAGE_SIZES, AUDIT_TEXT } from '@store-cloud/contracts';
import { useMemo, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { type AuditFilters, useAuditLog } from '../../api/useAuditLog';
import { useCompaniesForUser } from '../../api/useCompanies';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { AuditEntries } from './AuditEntries';
import { AuditFilterForm, type AuditFilterValues } from './AuditFilterForm';

/**
 * Audit (issue 17 point 1, ADMIN and SUPER-ADMIN): the audit trail newest first, filtered by
 * time, user, action and company, a page at a time. The backend limits a company-limited
 * administrator to its companies' entries; the company list offers only those.
 */
export function AuditPage() {
  const companies = useCompaniesForUser();
  const [applied, setApplied] = useState<AuditFilterValues>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(AUDIT_PAGE_SIZES[1]);

  const filters: AuditFilters = useMemo(
    () => ({ ...applied, page, pageSize }),
    [applied, page, pageSize],
  );
  const audit = useAuditLog(filters);

  const apply = (next: AuditFilterValues) => {
    setApplied(next);
    setPage(1);
  };

  const data = audit.data;
  const pages = data
    ? Math.max(1, Math.ceil(Math.min(data.total, AUDIT_MAX_REACHABLE) / data.pageSize))
    : 1;

  let body;
  if (audit.isPending) {
    body = <LoadingSpinner label={AUDIT_TEXT.loading} />;
  } else if (audit.isError) {
    body = <Alert variant="danger">{AUDIT_TEXT.loadFailed}</Alert>;
  } else if (!data?.entries.length) {
    body = <p className="text-muted">{AUDIT_TEXT.noEntries}</p>;
  } else {
    body = (
      <AuditEntries
        entries={data.entries}
        companies={companies.data ?? []}
        busy={audit.isFetching}
      />
    );
  }

  return (
    <section>
      <h1 className="h4 mb-3">{AUDIT_TEXT.title}</h1>
      <AuditFilterForm companies={companies.data ?? []} onApply={apply} />
      {body}
      {data && data.entries.length > 0 && (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button
            variant="outline-primary"
            size="sm"
            disabled={page <= 1 || audit.isFetching}
            onClick={() => setPage(page - 1)}
          >
            {AUDIT_TEXT.previous}
          </Button>
          <span>{AUDIT_TEXT.pageOf(page, pages)}</span>
          <Button
            variant="outline-primary"
            size="sm"
            disabled={page >= pages || audit.isFetching}
            onClick={() => setPage(page + 1)}
          >
            {AUDIT_TEXT.next}
          </Button>
          <span className="text-muted">{AUDIT_TEXT.total(data.total, data.totalCapped)}</span>
          <Form.Select
            size="sm"
            className="w-auto ms-auto"
            aria-label={AUDIT_TEXT.pageSize}
            value={pageSize}
            onChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(1);
            }}
          >
            {AUDIT_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Form.Select>
        </div>
      )}
    </section>
  );
}
