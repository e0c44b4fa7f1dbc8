import {
  BULK_RETRYABLE_KINDS,
  BULK_STORE_STATES,
  type BulkAction,
  type BulkStoreState,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, ButtonGroup, Table } from 'react-bootstrap';
import { withReason } from '../../api/api-error';
import { downloadCsv, useBulkAction, useRetryFailed } from '../../api/useBulkActions';
import { useKnownText } from '../../i18n/known-text';
import {
  bulkActionKindLabelSet,
  bulkActionsTextSet,
  bulkStoreStateLabelSet,
} from '../../i18n/sets/bulk';
import { useTexts } from '../../i18n/useTexts';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { formatDateTime } from '../../ui/date-format';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';

const STATE_VARIANT: Record<BulkStoreState, string> = {
  queued: 'secondary',
  held: 'warning',
  delivered: 'info',
  acknowledged: 'success',
  failed: 'danger',
  unknown: 'dark',
};

export const when = (iso: string | null) => formatDateTime(iso, true);

export function StateBadge({ state }: { state: BulkStoreState }) {
  const states = useTexts(bulkStoreStateLabelSet);
  return <Badge bg={STATE_VARIANT[state]}>{states[state]}</Badge>;
}

/**
 * One action's result grid: a count per state (each a filter), a row per store with its state,
 * reason and time, kept current by the /live pushes; "Retry failed only" and CSV export.
 */
export function ResultGrid({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  const B = useTexts(bulkActionsTextSet);
  const known = useKnownText([bulkActionsTextSet]);
  const kinds = useTexts(bulkActionKindLabelSet);
  const states = useTexts(bulkStoreStateLabelSet);
  const query = useBulkAction(id);
  const retry = useRetryFailed();
  const [filter, setFilter] = useState<BulkStoreState | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (query.isPending) return <LoadingSpinner label={B.loading} />;
  if (query.isError) return <Alert variant="danger">{B.failedToLoad}</Alert>;
  const action: BulkAction = query.data;
  const failed = action.counts.failed;
  const rows = filter ? action.results.filter((r) => r.state === filter) : action.results;

  const runRetry = () =>
    retry.mutate(action.id, {
      onSuccess: (created) => {
        setConfirming(false);
        onOpen(created.id);
      },
      onError: (e) => {
        setConfirming(false);
        notify.error(B.retryFailed, withReason(B.retryFailed, e));
      },
    });

  return (
    <section aria-label={B.open}>
      <h2 className="h5">
        {kinds[action.kind]}: {action.summary}
      </h2>
      <p className="text-muted small mb-2">
        {action.user} · {when(action.createdAt)}
        {action.selection && ` · ${B.selection}: ${action.selection}`}
        {action.retryOf && (
          <Button variant="link" size="sm" onClick={() => onOpen(action.retryOf!)}>
            {B.retryOf}
          </Button>
        )}
        {action.retriedBy && (
          <Button variant="link" size="sm" onClick={() => onOpen(action.retriedBy!)}>
            {B.retriedBy}
          </Button>
        )}
      </p>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <ButtonGroup aria-label={B.state} className="flex-wrap">
          <Button
            size="sm"
            variant={filter === null ? 'primary' : 'outline-primary'}
            aria-pressed={filter === null}
            onClick={() => setFilter(null)}
          >
            {B.allStates} ({action.total})
          </Button>
          {BULK_STORE_STATES.map((state) => (
            <Button
              key={state}
              size="sm"
              variant={filter === state ? STATE_VARIANT[state] : `outline-${STATE_VARIANT[state]}`}
              aria-pressed={filter === state}
              onClick={() => setFilter(state)}
            >
              {states[state]} ({action.counts[state]})
            </Button>
          ))}
        </ButtonGroup>
        {BULK_RETRYABLE_KINDS.includes(action.kind) && (
          <Button
            size="sm"
            variant="danger"
            disabled={!failed || !!action.retriedBy || retry.isPending}
            title={failed ? undefined : B.noFailed}
            onClick={() => setConfirming(true)}
          >
            {B.retryFailed} ({failed})
          </Button>
        )}
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() =>
            downloadCsv(action.id).catch((e: unknown) =>
              notify.error(B.exportCsv, withReason(B.exportCsv, e)),
            )
          }
        >
          {B.exportCsv}
        </Button>
      </div>
      {rows.length ? (
        <Table size="sm" hover responsive aria-label={B.stores}>
          <thead>
            <tr>
              <th>{B.company}</th>
              <th>{B.store}</th>
              <th>{B.state}</th>
              <th>{B.reason}</th>
              <th className="d-none d-md-table-cell">{B.updated}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.companyId}-${r.storeId}`} data-state={r.state}>
                <td>{r.companyName}</td>
                <td>
                  {r.storeName} ({r.companyId}-{r.storeId})
                </td>
                <td>
                  <StateBadge state={r.state} />
                </td>
                <td className="text-break">{r.reason && known(r.reason)}</td>
                <td className="d-none d-md-table-cell">{when(r.at)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="text-muted">{B.noResults}</p>
      )}
      {confirming && (
        <ConfirmModal
          title={B.retryFailed}
          yesLabel={B.confirm}
          noLabel={B.cancel}
          variant="warning"
          busy={retry.isPending}
          onYes={runRetry}
          onNo={() => setConfirming(false)}
        >
          {B.confirmRetry(failed)}
        </ConfirmModal>
      )}
    </section>
  );
}
