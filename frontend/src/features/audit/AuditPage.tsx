import { AUDIT_MAX_REACHABLE, AUDIT_PAGE_SIZES } from '@store-cloud/contracts';
import { useMemo, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { type AuditFilters, useAuditLog } from '../../api/useAuditLog';
import { useCompaniesForUser } from '../../api/useCompanies';
import { auditTextSet } from '../../i18n/sets/audit';
import { useTexts } from '../../i18n/useTexts';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { AuditEntries } from './AuditEntries';
import { AuditFilterForm, type AuditFilterValues } from './AuditFilterForm';

/**
 * Audit (issue 17 point 1, ADMIN and SUPER-ADMIN): the audit trail newest first, filtered by
 * time, user, action and company, a page at a time. The backend limits a company-limited
 * administrator to its companies' entries; the company list offers only those.
 */
export function AuditPage() {
  const text = useTexts(auditTextSet);
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
    body = <LoadingSpinner label={text.loading} />;
  } else if (audit.isError) {
    body = <Alert variant="danger">{text.loadFailed}</Alert>;
  } else if (!data?.entries.length) {
    body = <p className="text-muted">{text.noEntries}</p>;
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
      <h1 className="h4 mb-3">{text.title}</h1>
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
            {text.previous}
          </Button>
          <span>{text.pageOf(page, pages)}</span>
          <Button
            variant="outline-primary"
            size="sm"
            disabled={page >= pages || audit.isFetching}
            onClick={() => setPage(page + 1)}
          >
            {text.next}
          </Button>
          <span className="text-muted">
            {data.totalCapped ? text.moreThan(data.total - 1) : text.total(data.total)}
          </span>
          <Form.Select
            size="sm"
            className="w-auto ms-auto"
            aria-label={text.pageSize}
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
