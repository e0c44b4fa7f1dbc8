import { BULK_STORE_STATES } from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Button, Col, Row, Table } from 'react-bootstrap';
import { useSearchParams } from 'react-router-dom';
import { useBulkActionPage } from '../../api/useBulkActions';
import {
  bulkActionKindLabelSet,
  bulkActionsTextSet,
  bulkStoreStateLabelSet,
} from '../../i18n/sets/bulk';
import { tableLabelsSet } from '../../i18n/sets/common';
import { deliveryLabelsSet } from '../../i18n/sets/message';
import { useTexts } from '../../i18n/useTexts';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { ResultGrid, when } from './ResultGrid';
import { SavedSelections } from './SavedSelections';

/**
 * Bulk actions (issue 32 item 4): every message, log level change and schedule push sent to many
 * stores, newest first, with a count per state; one opens its result grid (its id in the address,
 * so a reload or a shared link keeps it). Saved selections are managed beside the list.
 */
export function BulkActionsPage() {
  const B = useTexts(bulkActionsTextSet);
  const kinds = useTexts(bulkActionKindLabelSet);
  const states = useTexts(bulkStoreStateLabelSet);
  const D = useTexts(deliveryLabelsSet);
  const T = useTexts(tableLabelsSet);
  const [params, setParams] = useSearchParams();
  const open = params.get('action');
  const [page, setPage] = useState(1);
  const query = useBulkActionPage(page);
  const openAction = (id: string | null) => setParams(id ? { action: id } : {});

  return (
    <Row className="g-3">
      <Col lg={9}>
        <h1 className="h4">{B.title}</h1>
        {open ? (
          <>
            <Button variant="link" className="px-0" onClick={() => openAction(null)}>
              {B.back}
            </Button>
            <ResultGrid key={open} id={open} onOpen={openAction} />
          </>
        ) : query.isPending ? (
          <LoadingSpinner label={B.loading} />
        ) : query.isError ? (
          <Alert variant="danger">{B.failedToLoad}</Alert>
        ) : !query.data.items.length ? (
          <p className="text-muted">{B.none}</p>
        ) : (
          <>
            <Table hover size="sm" responsive aria-label={B.title}>
              <thead>
                <tr>
                  <th>{B.at}</th>
                  <th>{B.kind}</th>
                  <th>{B.what}</th>
                  <th className="d-none d-md-table-cell">{B.by}</th>
                  <th>{B.stores}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((a) => (
                  <tr key={a.id}>
                    <td>{when(a.createdAt)}</td>
                    <td>{kinds[a.kind]}</td>
                    <td>
                      <Button
                        variant="link"
                        className="p-0 text-start text-break"
                        onClick={() => openAction(a.id)}
                      >
                        {a.summary}
                      </Button>
                      {a.retryOf && (
                        <span className="ms-2 badge text-bg-secondary">{B.retryOf}</span>
                      )}
                    </td>
                    <td className="d-none d-md-table-cell">{a.user}</td>
                    <td>
                      {a.total}:{' '}
                      {BULK_STORE_STATES.filter((s) => a.counts[s])
                        .map((s) => `${states[s]} ${a.counts[s]}`)
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
                {D.previous}
              </Button>
              <span>
                {T.pageOf(page, Math.max(Math.ceil(query.data.total / query.data.pageSize), 1))}
              </span>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={page * query.data.pageSize >= query.data.total}
                onClick={() => setPage(page + 1)}
              >
                {D.next}
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
