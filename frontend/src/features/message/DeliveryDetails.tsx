import {
  DATE_FORMAT_STATUS,
  DELIVERY_STATE,
  type DeliveryState,
  failedSites,
  MESSAGE_DELIVERY_LABELS,
  MESSAGING_LABELS,
  type MessageDeliverySite,
  type SentMessage,
  siteKey,
} from '@store-cloud/contracts';
import { format } from 'date-fns';
import { Fragment, useState } from 'react';
import { Button, ListGroup, Table } from 'react-bootstrap';
import { ConfirmModal } from '../../ui/ConfirmModal';

export const STATE_CLASS: Record<DeliveryState, string | undefined> = {
  [DELIVERY_STATE.pending]: 'text-muted',
  [DELIVERY_STATE.sent]: 'text-success',
  [DELIVERY_STATE.held]: 'text-warning',
  [DELIVERY_STATE.deliveredLater]: 'text-success',
  [DELIVERY_STATE.failed]: 'text-danger',
  [DELIVERY_STATE.unknown]: 'text-warning',
};

export const when = (iso: string | null) => (iso ? format(new Date(iso), DATE_FORMAT_STATUS) : '');

/** A site's MessageHistory answer (a Message History command). */
export function HistoryResult({ site }: { site: MessageDeliverySite }) {
  if (!site.result) return null;
  return (
    <ListGroup
      variant="flush"
      aria-label={`${MESSAGE_DELIVERY_LABELS.messageHistory} ${siteKey(site)}`}
    >
      {site.result.length ? (
        site.result.map((entry) => (
          <ListGroup.Item key={`${entry.message.id}-${entry.receivedAt}`} className="small">
            {when(entry.receivedAt)} {entry.message.type}: {entry.message.payload.content}
          </ListGroup.Item>
        ))
      ) : (
        <ListGroup.Item className="small text-muted">
          {MESSAGE_DELIVERY_LABELS.noHistory}
        </ListGroup.Item>
      )}
    </ListGroup>
  );
}

/**
 * One send's sites and their outcomes, and the resend of the failed ones (issue 24): one action
 * per send, confirmed first, disabled while it runs and once the send was resent.
 */
export function DeliveryDetails({
  delivery,
  busy,
  onResend,
}: {
  delivery: SentMessage;
  busy: boolean;
  onResend: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const sites = failedSites(delivery).length;
  return (
    <div className="p-2">
      <Button
        size="sm"
        className="mb-2"
        disabled={busy || sites === 0 || delivery.resentBy !== null}
        onClick={() => setConfirming(true)}
      >
        {busy
          ? MESSAGE_DELIVERY_LABELS.resending
          : delivery.resentBy
            ? MESSAGE_DELIVERY_LABELS.resent
            : MESSAGE_DELIVERY_LABELS.resendToFailed}
      </Button>
      {confirming && (
        <ConfirmModal
          title={MESSAGE_DELIVERY_LABELS.confirmResendTitle}
          yesLabel={MESSAGE_DELIVERY_LABELS.confirm}
          noLabel={MESSAGE_DELIVERY_LABELS.cancel}
          variant="primary"
          busy={busy}
          onYes={() => {
            setConfirming(false);
            onResend();
          }}
          onNo={() => setConfirming(false)}
        >
          {MESSAGE_DELIVERY_LABELS.confirmResend(sites)}
        </ConfirmModal>
      )}
      {/* Cards on a phone, as the list around it (ui/stacked-table.css). */}
      <Table size="sm" className="table-stack" aria-label={MESSAGE_DELIVERY_LABELS.details}>
        <thead>
          <tr>
            <th>{MESSAGING_LABELS.companyName}</th>
            <th>{MESSAGING_LABELS.storeName}</th>
            <th>{MESSAGE_DELIVERY_LABELS.state}</th>
            <th>{MESSAGE_DELIVERY_LABELS.reason}</th>
            <th>{MESSAGE_DELIVERY_LABELS.at}</th>
          </tr>
        </thead>
        <tbody>
          {delivery.sites.map((site) => (
            <Fragment key={siteKey(site)}>
              <tr>
                <td data-label={MESSAGING_LABELS.companyName}>
                  {site.companyName} ({site.companyId})
                </td>
                <td data-label={MESSAGING_LABELS.storeName}>
                  {site.storeName} ({site.storeId})
                </td>
                <td data-label={MESSAGE_DELIVERY_LABELS.state} className={STATE_CLASS[site.state]}>
                  {site.state}
                </td>
                <td data-label={MESSAGE_DELIVERY_LABELS.reason} className="text-break">
                  {site.reason}
                </td>
                <td data-label={MESSAGE_DELIVERY_LABELS.at}>{when(site.at)}</td>
              </tr>
              {site.result && (
                <tr>
                  <td colSpan={5}>
                    <HistoryResult site={site} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
