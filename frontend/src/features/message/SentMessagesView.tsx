import {
  DATE_FORMAT_STATUS,
  DELIVERY_STATE,
  deliveryCounts,
  type DeliveryState,
  failedSites,
  MESSAGE_DELIVERY_LABELS,
  MESSAGING_LABELS,
  type MessageDeliverySite,
  type SentMessage,
  siteKey,
} from '@store-cloud/contracts';
import { format } from 'date-fns';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useRef, useState } from 'react';
import { Alert, Button, ListGroup, Table } from 'react-bootstrap';
import { withReason } from '../../api/api-error';
import {
  DELIVERIES_QUERY_KEY,
  sendRecorded,
  useMessageDeliveries,
} from '../../api/useMessageDeliveries';
import { createSiteMessageTransport } from '../../api/useMessaging';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { notify } from '../../ui/notify';
import { LoadingSpinner } from '../../ui/LoadingSpinner';

const STATE_CLASS: Record<DeliveryState, string | undefined> = {
  [DELIVERY_STATE.pending]: 'text-muted',
  [DELIVERY_STATE.sent]: 'text-success',
  [DELIVERY_STATE.held]: 'text-warning',
  [DELIVERY_STATE.deliveredLater]: 'text-success',
  [DELIVERY_STATE.failed]: 'text-danger',
  [DELIVERY_STATE.unknown]: 'text-warning',
};
const when = (iso: string | null) => (iso ? format(new Date(iso), DATE_FORMAT_STATUS) : '');

/** A site's MessageHistory answer (a Message History command). */
function HistoryResult({ site }: { site: MessageDeliverySite }) {
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
function DeliveryDetails({
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
      <Table size="sm" aria-label={MESSAGE_DELIVERY_LABELS.details}>
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
                <td>
                  {site.companyName} ({site.companyId})
                </td>
                <td>
                  {site.storeName} ({site.storeId})
                </td>
                <td className={STATE_CLASS[site.state]}>{site.state}</td>
                <td>{site.reason}</td>
                <td>{when(site.at)}</td>
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

/**
 * The Sent Messages tab (issue 17): each send, newest first, with each site's outcome, kept
 * current by the /live pushes; a send's failed sites can be sent to again.
 */
export function SentMessagesView({ onRunning }: { onRunning: (running: boolean) => void }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  // Set at once, before a render could disable the button: a second click finds it taken.
  const running = useRef(false);
  const queryClient = useQueryClient();
  const query = useMessageDeliveries(page);

  if (query.isPending) return <LoadingSpinner label={MESSAGE_DELIVERY_LABELS.loading} />;
  if (query.isError) return <Alert variant="danger">{MESSAGE_DELIVERY_LABELS.failedToLoad}</Alert>;
  const { items, total, pageSize } = query.data;
  const pages = Math.ceil(total / pageSize);

  const resend = async (delivery: SentMessage) => {
    if (running.current) return;
    running.current = true;
    setResending(true);
    onRunning(true);
    try {
      await sendRecorded(
        failedSites(delivery),
        delivery.message,
        createSiteMessageTransport(),
        () => {},
        delivery.id,
      );
    } catch (e) {
      notify.error(
        MESSAGE_DELIVERY_LABELS.resendToFailed,
        withReason(MESSAGE_DELIVERY_LABELS.resendFailed, e),
      );
    } finally {
      running.current = false;
      setResending(false);
      onRunning(false);
      setPage(1);
      void queryClient.invalidateQueries({ queryKey: DELIVERIES_QUERY_KEY });
    }
  };

  if (!items.length) return <p className="text-muted">{MESSAGE_DELIVERY_LABELS.none}</p>;
  return (
    <>
      <Table hover size="sm" aria-label={MESSAGE_DELIVERY_LABELS.deliveries}>
        <thead>
          <tr>
            <th>{MESSAGE_DELIVERY_LABELS.sentAt}</th>
            <th>{MESSAGE_DELIVERY_LABELS.sentBy}</th>
            <th>{MESSAGE_DELIVERY_LABELS.message}</th>
            <th>{MESSAGE_DELIVERY_LABELS.sites}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((delivery) => (
            <Fragment key={delivery.id}>
              <tr>
                <td>{when(delivery.createdAt)}</td>
                <td>{delivery.user}</td>
                <td>
                  <Button
                    variant="link"
                    className="p-0 text-start"
                    aria-expanded={open === delivery.id}
                    onClick={() => setOpen(open === delivery.id ? null : delivery.id)}
                  >
                    {delivery.message.type}: {delivery.message.payload.content}
                  </Button>
                  {delivery.resendOf && (
                    <span className="ms-2 badge text-bg-secondary">
                      {MESSAGE_DELIVERY_LABELS.resendOf}
                    </span>
                  )}
                </td>
                <td>{MESSAGE_DELIVERY_LABELS.summary(deliveryCounts(delivery))}</td>
              </tr>
              {open === delivery.id && (
                <tr>
                  <td colSpan={4}>
                    <DeliveryDetails
                      delivery={delivery}
                      busy={resending}
                      onResend={() => void resend(delivery)}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
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
        <span>{MESSAGE_DELIVERY_LABELS.page(page, pages)}</span>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        >
          {MESSAGE_DELIVERY_LABELS.next}
        </Button>
      </div>
    </>
  );
}
