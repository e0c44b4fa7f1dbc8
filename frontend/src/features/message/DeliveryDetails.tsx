import {
  DELIVERY_STATE,
  type DeliveryState,
  failedSites,
  type MessageDeliverySite,
  type SentMessage,
  siteKey,
} from '@store-cloud/contracts';
import { Fragment, useState } from 'react';
import { Button, ListGroup, Table } from 'react-bootstrap';
import { companyLabelsSet } from '../../i18n/sets/common';
import { deliveryLabelsSet, deliveryStateSet } from '../../i18n/sets/message';
import { useTexts } from '../../i18n/useTexts';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { formatDateTime } from '../../ui/date-format';

export const STATE_CLASS: Record<DeliveryState, string | undefined> = {
  [DELIVERY_STATE.pending]: 'text-muted',
  [DELIVERY_STATE.sent]: 'text-success',
  [DELIVERY_STATE.held]: 'text-warning',
  [DELIVERY_STATE.deliveredLater]: 'text-success',
  [DELIVERY_STATE.failed]: 'text-danger',
  [DELIVERY_STATE.unknown]: 'text-warning',
};

export const when = (iso: string | null) => formatDateTime(iso, true);

const STATE_KEY = Object.fromEntries(
  Object.entries(DELIVERY_STATE).map(([key, state]) => [state, key]),
) as Record<DeliveryState, keyof typeof DELIVERY_STATE>;

/** A delivery state's name in the page's language. */
export function useDeliveryStateName() {
  const names = useTexts(deliveryStateSet);
  return (state: DeliveryState) => names[STATE_KEY[state]];
}

/** A site's MessageHistory answer (a Message History command). */
export function HistoryResult({ site }: { site: MessageDeliverySite }) {
  const D = useTexts(deliveryLabelsSet);
  if (!site.result) return null;
  return (
    <ListGroup variant="flush" aria-label={`${D.messageHistory} ${siteKey(site)}`}>
      {site.result.length ? (
        site.result.map((entry) => (
          <ListGroup.Item key={`${entry.message.id}-${entry.receivedAt}`} className="small">
            {when(entry.receivedAt)} {entry.message.type}: {entry.message.payload.content}
          </ListGroup.Item>
        ))
      ) : (
        <ListGroup.Item className="small text-muted">{D.noHistory}</ListGroup.Item>
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
  const D = useTexts(deliveryLabelsSet);
  const C = useTexts(companyLabelsSet);
  const stateName = useDeliveryStateName();
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
        {busy ? D.resending : delivery.resentBy ? D.resent : D.resendToFailed}
      </Button>
      {confirming && (
        <ConfirmModal
          title={D.confirmResendTitle}
          yesLabel={D.confirm}
          noLabel={D.cancel}
          variant="primary"
          busy={busy}
          onYes={() => {
            setConfirming(false);
            onResend();
          }}
          onNo={() => setConfirming(false)}
        >
          {D.confirmResend(sites)}
        </ConfirmModal>
      )}
      {/* Cards on a phone, as the list around it (ui/stacked-table.css). */}
      <Table size="sm" className="table-stack" aria-label={D.details}>
        <thead>
          <tr>
            <th>{C.companyName}</th>
            <th>{C.storeName}</th>
            <th>{D.state}</th>
            <th>{D.reason}</th>
            <th>{D.at}</th>
          </tr>
        </thead>
        <tbody>
          {delivery.sites.map((site) => (
            <Fragment key={siteKey(site)}>
              <tr>
                <td data-label={C.companyName}>
                  {site.companyName} ({site.companyId})
                </td>
                <td data-label={C.storeName}>
                  {site.storeName} ({site.storeId})
                </td>
                <td data-label={D.state} className={STATE_CLASS[site.state]}>
                  {stateName(site.state)}
                </td>
                <td data-label={D.reason} className="text-break">
                  {site.reason}
                </td>
                <td data-label={D.at}>{when(site.at)}</td>
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
