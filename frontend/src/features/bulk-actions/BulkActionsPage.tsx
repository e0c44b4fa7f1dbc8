import {
  BULK_ACTION_KIND_LABEL,
  BULK_ACTIONS_TEXT,
  BULK_STORE_STATE_LABEL,
  BULK_STORE_STATES,
  MESSAGE_DELIVERY_LABELS,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Button, Col, Row, Table } from 'react-bootstrap';
import { useSearchParams } from 'react-router-dom';
import { useBulkActionPage } from '../../api/useBulkActions';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { ResultGrid, when } from './ResultGrid';
import { SavedSelections } from './SavedSelections';

/**
 * Bulk actions (issue 32 item 4): every message, log level change and schedule push sent to many
 * stores, newest first, with a count per state; one opens its result grid (its id in the address,
 * so a reload or a shared link keeps it). Saved selections are managed beside the list.
 */
export function BulkActionsPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get('action');
  const [page, setPage] = useState(1);
  const query = useBulkActionPage(page);
  const openAction = (id: string | null) => setParams(id ? { action: id } : {});

  return (
    <Row className="g-3">
      <Col lg={9}>
        <h1 className="h4">{BULK_ACTIONS_TEXT.title}</h1>
        {open ? (
          <>
            <Button variant="link" className="px-0" onClick={() => openAction(null)}>
              {BULK_ACTIONS_TEXT.back}
            </Button>
            <ResultGrid key={open} id={open} onOpen={openAction} />
          </>
        ) : query.isPending ? (
          <LoadingSpinner label={BULK_ACTIONS_TEXT.loading} />
        ) : query.isError ? (
          <Alert variant="danger">{BULK_ACTIONS_TEXT.failedToLoad}</Alert>
        ) : !query.data.items.length ? (
          <p className="text-muted">{BULK_ACTIONS_TEXT.none}</p>
        ) : (
          <>
            <Table hover size="sm" responsive aria-label={BULK_ACTIONS_TEXT.title}>
              <thead>
                <tr>
                  <th>{BULK_ACTIONS_TEXT.at}</th>
                  <th>{BULK_ACTIONS_TEXT.kind}</th>
                  <th>{BULK_ACTIONS_TEXT.what}</th>
                  <th className="d-none d-md-table-cell">{BULK_ACTIONS_TEXT.by}</th>
                  <th>{BULK_ACTIONS_TEXT.stores}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((a) => (
                  <tr key={a.id}>
                    <td>{when(a.createdAt)}</td>
                    <td>{BULK_ACTION_KIND_LABEL[a.kind]}</td>
                    <td>
                      <Button
                        variant="link"
                        className="p-0 text-start text-break"
                        onClick={() => openAction(a.id)}
                      >
                        {a.summary}
                      </Button>
                      {a.retryOf && (
                        <span className="ms-2 badge text-bg-secondary">
                          {BULK_ACTIONS_TEXT.retryOf}
                        </span>
                      )}
                    </td>
                    <td className="d-none d-md-table-cell">{a.user}</td>
                    <td>
                      {a.total}:{' '}
                      {BULK_STORE_STATES.filter((s) => a.counts[s])
                        .map((s) => `${BULK_STORE_STATE_LABEL[s]} ${a.counts[s]}`)
                        .join(', ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <div className="d-flex gap-2 align-items-center">
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {MESSAGE_DELIVERY_LABELS.previous}
              </Button>
              <span>
                {MESSAGE_DELIVERY_LABELS.page(
                  page,
                  Math.ceil(query.data.total / query.data.pageSize),
                )}
              </span>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={page * query.data.pageSize >= query.data.total}
                onClick={() => setPage(page + 1)}
              >
                {MESSAGE_DELIVERY_LABELS.next}
              </Button>
            </div>
          </>
        )}
      </Col>
      <Col lg={3}>
        <SavedSelections />
      </Col>
    </Row>
  );
}
