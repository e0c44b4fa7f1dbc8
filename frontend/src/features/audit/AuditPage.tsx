import {
  AUDIT_ACTION_AREAS,
  AUDIT_ACTION_LABEL,
  AUDIT_ACTIONS,
  AUDIT_MAX_REACHABLE,
  AUDIT_PAGE_SIZES,
  AUDIT_TEXT,
  type AuditChange,
  type AuditEntryView,
  DATE_FORMAT_STATUS,
} from '@store-cloud/contracts';
import { format } from 'date-fns';
import { type FormEvent, useMemo, useState } from 'react';
import { Alert, Button, Col, Form, Row, Table } from 'react-bootstrap';
import { type AuditFilters, useAuditLog } from '../../api/useAuditLog';
import { useCompaniesForUser } from '../../api/useCompanies';
import { LoadingSpinner } from '../../ui/LoadingSpinner';

interface Draft {
  from: string;
  to: string;
  user: string;
  action: string;
  company: string;
}
const EMPTY: Draft = { from: '', to: '', user: '', action: '', company: '' };

/** A datetime-local value (local time) as the ISO instant the query takes. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function Changes({ changes, details }: { changes: AuditChange[]; details?: object }) {
  if (!changes.length && !details) return null;
  return (
    <ul className="list-unstyled mb-0 small">
      {changes.map((c) => (
        <li key={c.field} className="text-break">
          <strong>{c.field}</strong>: {show(c.before)} → {show(c.after)}
        </li>
      ))}
      {details &&
        Object.entries(details).map(([name, value]) => (
          <li key={name} className="text-break text-muted">
            {name}: {show(value)}
          </li>
        ))}
    </ul>
  );
}

/**
 * Audit (issue 17 point 1, ADMIN and SUPER-ADMIN): the audit trail newest first, filtered by
 * time, user, action and company, a page at a time. The backend limits a company-limited
 * administrator to its companies' entries; the company list offers only those.
 */
export function AuditPage() {
  const companies = useCompaniesForUser();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [applied, setApplied] = useState<Draft>(EMPTY);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(AUDIT_PAGE_SIZES[1]);

  const filters: AuditFilters = useMemo(
    () => ({
      from: toIso(applied.from),
      to: toIso(applied.to),
      user: applied.user.trim() || undefined,
      action: applied.action || undefined,
      company: applied.company ? Number(applied.company) : undefined,
      page,
      pageSize,
    }),
    [applied, page, pageSize],
  );
  const audit = useAuditLog(filters);
  const names = useMemo(
    () => new Map((companies.data ?? []).map((c) => [c.companyId, c.companyName])),
    [companies.data],
  );

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  const reset = () => {
    setDraft(EMPTY);
    setApplied(EMPTY);
    setPage(1);
  };
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  });

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
      <Table hover size="sm" responsive aria-label={AUDIT_TEXT.table} aria-busy={audit.isFetching}>
        <thead>
          <tr>
            <th>{AUDIT_TEXT.when}</th>
            <th>{AUDIT_TEXT.who}</th>
            <th>{AUDIT_TEXT.what}</th>
            <th>{AUDIT_TEXT.target}</th>
            <th>{AUDIT_TEXT.changes}</th>
          </tr>
        </thead>
        <tbody>
          {data.entries.map((entry: AuditEntryView) => (
            <tr key={entry.id}>
              <td className="text-nowrap">{format(new Date(entry.at), DATE_FORMAT_STATUS)}</td>
              <td>{entry.actor}</td>
              <td>{entry.action}</td>
              <td>
                {entry.target}
                {entry.companies.length > 0 && (
                  <div className="small text-muted">
                    {entry.companies.map((c) => names.get(c) ?? c).join(', ')}
                  </div>
                )}
              </td>
              <td>
                <Changes changes={entry.changes} details={entry.details} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <section>
      <h1 className="h4 mb-3">{AUDIT_TEXT.title}</h1>
      <Form onSubmit={apply} aria-label={AUDIT_TEXT.filters} className="mb-3">
        <Row className="g-2 align-items-end">
          <Form.Group as={Col} xs={12} md={6} lg={2} controlId="audit-from">
            <Form.Label>{AUDIT_TEXT.from}</Form.Label>
            <Form.Control type="datetime-local" {...field('from')} />
          </Form.Group>
          <Form.Group as={Col} xs={12} md={6} lg={2} controlId="audit-to">
            <Form.Label>{AUDIT_TEXT.to}</Form.Label>
            <Form.Control type="datetime-local" {...field('to')} />
          </Form.Group>
          <Form.Group as={Col} xs={12} md={4} lg={2} controlId="audit-user">
            <Form.Label>{AUDIT_TEXT.user}</Form.Label>
            <Form.Control type="text" {...field('user')} />
          </Form.Group>
          <Form.Group as={Col} xs={12} md={4} lg={2} controlId="audit-action">
            <Form.Label>{AUDIT_TEXT.action}</Form.Label>
            <Form.Select {...field('action')}>
              <option value="">{AUDIT_TEXT.anyAction}</option>
              {/* Each area ('site.', 'media.', 'media.file.') as a whole, then every action. */}
              {AUDIT_ACTION_AREAS.map((area) => (
                <option key={area} value={area}>
                  {`${area}*`}
                </option>
              ))}
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {`${AUDIT_ACTION_LABEL[action]} (${action})`}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group as={Col} xs={12} md={4} lg={2} controlId="audit-company">
            <Form.Label>{AUDIT_TEXT.company}</Form.Label>
            <Form.Select {...field('company')}>
              <option value="">{AUDIT_TEXT.anyCompany}</option>
              {(companies.data ?? []).map((c) => (
                <option key={c.companyId} value={c.companyId}>
                  {c.companyName} ({c.companyId})
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Col xs={12} lg={2} className="d-flex gap-2">
            <Button type="submit">{AUDIT_TEXT.apply}</Button>
            <Button variant="outline-secondary" onClick={reset}>
              {AUDIT_TEXT.reset}
            </Button>
          </Col>
        </Row>
      </Form>
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
