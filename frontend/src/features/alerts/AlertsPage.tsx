import { ALERT_KINDS, type AlertKind } from '@store-cloud/contracts';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { type IncidentFilters, useIncidents } from '../../api/useIncidents';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { FollowMuteCard } from './FollowMuteCard';
import { IncidentTable } from './IncidentTable';
import { type Names, useNames } from './useNames';
import { CompanyOptions, StoreOptions } from './NameOptions';
import { alertKindLabelSet, alertsTextSet } from '../../i18n/sets/alerts';
import { useTexts } from '../../i18n/useTexts';

/** A titled card around one list of incidents, with the loading, failed and empty states. */
function IncidentCard({
  title,
  query,
  empty,
  names,
  open,
}: {
  title: string;
  query: ReturnType<typeof useIncidents>;
  empty: string;
  names: Names;
  open: boolean;
}) {
  const alertsText = useTexts(alertsTextSet);
  const incidents = query.data?.pages.flatMap((p) => p.incidents) ?? [];
  let body: ReactNode;
  if (query.isPending) body = <LoadingSpinner small label={alertsText.loading} />;
  else if (query.isError)
    body = (
      <Alert variant="danger" className="mb-0">
        {alertsText.loadFailed}
      </Alert>
    );
  else if (!incidents.length) body = <p className="text-muted mb-0">{empty}</p>;
  return (
    <Card className="mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">
          {title}
          {query.isSuccess && ` (${incidents.length}${query.hasNextPage ? '+' : ''})`}
        </h2>
      </Card.Header>
      {body ? (
        <Card.Body>{body}</Card.Body>
      ) : (
        <Card.Body className="p-0">
          <IncidentTable
            incidents={incidents}
            names={names}
            label={title}
            open={open}
            busy={query.isFetching}
          />
          {query.hasNextPage && (
            <div className="p-2">
              <Button
                size="sm"
                variant="outline-primary"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {alertsText.more}
              </Button>
            </div>
          )}
        </Card.Body>
      )}
    </Card>
  );
}

/**
 * Alerts (issue 26 point 5): the open incidents first, then the history, both filtered by
 * company, kind and store; an open one can be acknowledged or muted for a while. Below, the
 * user's own follows and mutes. The backend shows each user only its companies' incidents.
 */
export function AlertsPage() {
  const alertsText = useTexts(alertsTextSet);
  const alertKindLabel = useTexts(alertKindLabelSet);
  const names = useNames();
  const [filters, setFilters] = useState<IncidentFilters>({});
  const open = useIncidents('open', filters);
  const history = useIncidents('resolved', filters);
  const stores = names.companies.find((c) => c.companyId === filters.companyId)?.stores ?? [];
  const number = (value: string) => (value ? Number(value) : undefined);

  return (
    <section>
      <h1 className="h4 mb-3">{alertsText.title}</h1>
      <Form aria-label={alertsText.filters} className="mb-3" onSubmit={(e) => e.preventDefault()}>
        <Row className="g-2">
          <Form.Group as={Col} xs={12} md={4} controlId="alerts-company">
            <Form.Label>{alertsText.company}</Form.Label>
            <Form.Select
              value={filters.companyId ?? ''}
              onChange={(e) =>
                setFilters({ ...filters, companyId: number(e.target.value), storeId: undefined })
              }
            >
              <option value="">{alertsText.anyCompany}</option>
              <CompanyOptions names={names} />
            </Form.Select>
          </Form.Group>
          <Form.Group as={Col} xs={12} md={4} controlId="alerts-store">
            <Form.Label>{alertsText.store}</Form.Label>
            <Form.Select
              value={filters.storeId ?? ''}
              disabled={filters.companyId === undefined}
              onChange={(e) => setFilters({ ...filters, storeId: number(e.target.value) })}
            >
              <option value="">{alertsText.anyStore}</option>
              <StoreOptions names={names} stores={stores} />
            </Form.Select>
          </Form.Group>
          <Form.Group as={Col} xs={12} md={4} controlId="alerts-kind">
            <Form.Label>{alertsText.kind}</Form.Label>
            <Form.Select
              value={filters.kind ?? ''}
              onChange={(e) =>
                setFilters({
                  ...filters,
                  kind: (e.target.value || undefined) as AlertKind | undefined,
                })
              }
            >
              <option value="">{alertsText.anyKind}</option>
              {ALERT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {alertKindLabel[kind]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Row>
      </Form>
      <IncidentCard
        title={alertsText.openTable}
        query={open}
        empty={alertsText.noOpen}
        names={names}
        open
      />
      <IncidentCard
        title={alertsText.historyTable}
        query={history}
        empty={alertsText.noHistory}
        names={names}
        open={false}
      />
      <FollowMuteCard names={names} />
    </section>
  );
}
