import {
  BULK_ACTION_KIND_LABEL,
  BULK_ACTIONS_TEXT,
  BULK_RETRYABLE_KINDS,
  BULK_STORE_STATE_LABEL,
  BULK_STORE_STATES,
  type BulkAction,
  type BulkStoreState,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, ButtonGroup, Table } from 'react-bootstrap';
import { withReason } from '../../api/api-error';
import { downloadCsv, useBulkAction, useRetryFailed } from '../../api/useBulkActions';
import { ConfirmModal } from '../../ui/ConfirmModal';
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

export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

export function StateBadge({ state }: { state: BulkStoreState }) {
  return <Badge bg={STATE_VARIANT[state]}>{BULK_STORE_STATE_LABEL[state]}</Badge>;
}

/**
 * One action's result grid: a count per state (each a filter), a row per store with its state,
 * reason and time, kept current by the /live pushes; "Retry failed only" and CSV export.
 */
export function ResultGrid({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  const query = useBulkAction(id);
  const retry = useRetryFailed();
  const [filter, setFilter] = useState<BulkStoreState | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (query.isPending) return <LoadingSpinner label={BULK_ACTIONS_TEXT.loading} />;
  if (query.isError) return <Alert variant="danger">{BULK_ACTIONS_TEXT.failedToLoad}</Alert>;
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
        notify.error(BULK_ACTIONS_TEXT.retryFailed, withReason(BULK_ACTIONS_TEXT.retryFailed, e));
      },
    });

  return (
    <section aria-label={BULK_ACTIONS_TEXT.open}>
      <h2 className="h5">
        {BULK_ACTION_KIND_LABEL[action.kind]}: {action.summary}
      </h2>
      <p className="text-muted small mb-2">
        {action.user} · {when(action.createdAt)}
        {action.selection && ` · ${BULK_ACTIONS_TEXT.selection}: ${action.selection}`}
        {action.retryOf && (
          <Button variant="link" size="sm" onClick={() => onOpen(action.retryOf!)}>
            {BULK_ACTIONS_TEXT.retryOf}
          </Button>
        )}
        {action.retriedBy && (
          <Button variant="link" size="sm" onClick={() => onOpen(action.retriedBy!)}>
            {BULK_ACTIONS_TEXT.retriedBy}
          </Button>
        )}
      </p>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <ButtonGroup aria-label={BULK_ACTIONS_TEXT.state} className="flex-wrap">
          <Button
            size="sm"
            variant={filter === null ? 'primary' : 'outline-primary'}
            aria-pressed={filter === null}
            onClick={() => setFilter(null)}
          >
            {BULK_ACTIONS_TEXT.allStates} ({action.total})
          </Button>
          {BULK_STORE_STATES.map((state) => (
            <Button
              key={state}
              size="sm"
              variant={filter === state ? STATE_VARIANT[state] : `outline-${STATE_VARIANT[state]}`}
              aria-pressed={filter === state}
              onClick={() => setFilter(state)}
            >
              {BULK_STORE_STATE_LABEL[state]} ({action.counts[state]})
            </Button>
          ))}
        </ButtonGroup>
        {BULK_RETRYABLE_KINDS.includes(action.kind) && (
          <Button
            size="sm"
            variant="danger"
            disabled={!failed || !!action.retriedBy || retry.isPending}
            title={failed ? undefined : BULK_ACTIONS_TEXT.noFailed}
            onClick={() => setConfirming(true)}
          >
            {BULK_ACTIONS_TEXT.retryFailed} ({failed})
          </Button>
        )}
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() =>
            downloadCsv(action.id).catch((e: unknown) =>
              notify.error(BULK_ACTIONS_TEXT.exportCsv, withReason(BULK_ACTIONS_TEXT.exportCsv, e)),
            )
          }
        >
          {BULK_ACTIONS_TEXT.exportCsv}
        </Button>
      </div>
      {rows.length ? (
        <Table size="sm" hover responsive aria-label={BULK_ACTIONS_TEXT.stores}>
          <thead>
            <tr>
              <th>{BULK_ACTIONS_TEXT.company}</th>
              <th>{BULK_ACTIONS_TEXT.store}</th>
              <th>{BULK_ACTIONS_TEXT.state}</th>
              <th>{BULK_ACTIONS_TEXT.reason}</th>
              <th className="d-none d-md-table-cell">{BULK_ACTIONS_TEXT.updated}</th>
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
                <td className="text-break">{r.reason}</td>
                <td className="d-none d-md-table-cell">{when(r.at)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="text-muted">{BULK_ACTIONS_TEXT.noResults}</p>
      )}
      {confirming && (
        <ConfirmModal
          title={BULK_ACTIONS_TEXT.retryFailed}
          yesLabel={BULK_ACTIONS_TEXT.confirm}
          noLabel={BULK_ACTIONS_TEXT.cancel}
          variant="warning"
          busy={retry.isPending}
          onYes={runRetry}
          onNo={() => setConfirming(false)}
        >
          {BULK_ACTIONS_TEXT.confirmRetry(failed)}
        </ConfirmModal>
      )}
    </section>
  );
}
