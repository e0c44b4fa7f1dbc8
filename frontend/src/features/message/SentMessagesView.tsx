import {
  deliveryCounts,
  failedSites,
  MESSAGE_DELIVERY_LABELS,
  SEARCH_MIN_LENGTH,
  type SentMessage,
} from '@store-cloud/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useDeferredValue, useRef, useState } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { withReason } from '../../api/api-error';
import { messagingQueries } from '../../api/messaging.queries';
import { sendRecorded, useMessageDeliveries } from '../../api/useMessageDeliveries';
import { createSiteMessageTransport } from '../../api/useMessaging';
import { tableLabelsSet } from '../../i18n/sets/common';
import { deliveryLabelsSet } from '../../i18n/sets/message';
import { useTexts } from '../../i18n/useTexts';
import { notify } from '../../ui/notify';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { SearchBox } from '../../ui/SearchBox';
import '../../ui/stacked-table.css';
import { DeliveryDetails, useDeliveryStateName, when } from './DeliveryDetails';
/**
 * The Sent Messages tab (issue 17): each send, newest first, with each site's outcome, kept
 * current by the /live pushes; a send's failed sites can be sent to again.
 */
export function SentMessagesView({ onRunning }: { onRunning: (running: boolean) => void }) {
  const L = useTexts(deliveryLabelsSet);
  const T = useTexts(tableLabelsSet);
  const stateName = useDeliveryStateName();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [search, setSearch] = useState('');
  // The backend searches from SEARCH_MIN_LENGTH characters; typing does not ask at every key.
  const term = useDeferredValue(search.trim().length >= SEARCH_MIN_LENGTH ? search.trim() : '');
  // Set at once, before a render could disable the button: a second click finds it taken.
  const running = useRef(false);
  const queryClient = useQueryClient();
  const query = useMessageDeliveries(page, term);

  const searchBox = (
    <SearchBox
      className="mb-2"
      label={L.search}
      value={search}
      onChange={(value) => {
        setSearch(value);
        setPage(1);
      }}
    />
  );
  if (query.isPending) return <LoadingSpinner label={L.loading} />;
  if (query.isError) return <Alert variant="danger">{L.failedToLoad}</Alert>;
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
      notify.error(L.resendToFailed, withReason(L.resendFailed, e));
    } finally {
      running.current = false;
      setResending(false);
      onRunning(false);
      setPage(1);
      void queryClient.invalidateQueries({ queryKey: messagingQueries.deliveriesAll() });
    }
  };

  if (!items.length && !term) return <p className="text-muted">{L.none}</p>;
  return (
    <>
      {searchBox}
      {!items.length && <p className="text-muted">{L.noneFound}</p>}
      {/* A card per send on a phone (issue 30: the table made the page 630 px wide). */}
      {items.length > 0 && (
        <Table hover size="sm" className="table-stack" aria-label={L.deliveries}>
          <thead>
            <tr>
              <th>{L.sentAt}</th>
              <th>{L.sentBy}</th>
              <th>{L.message}</th>
              <th>{L.sites}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((delivery) => (
              <Fragment key={delivery.id}>
                <tr>
                  <td data-label={L.sentAt}>{when(delivery.createdAt)}</td>
                  <td data-label={L.sentBy} className="text-break">
                    {delivery.user}
                  </td>
                  <td>
                    <Button
                      variant="link"
                      className="p-0 text-start text-break"
                      aria-expanded={open === delivery.id}
                      onClick={() => setOpen(open === delivery.id ? null : delivery.id)}
                    >
                      {delivery.message.type}: {delivery.message.payload.content}
                    </Button>
                    {delivery.resendOf && (
                      <span className="ms-2 badge text-bg-secondary">{L.resendOf}</span>
                    )}
                  </td>
                  <td data-label={L.sites}>
                    {MESSAGE_DELIVERY_LABELS.summary(deliveryCounts(delivery), stateName)}
                  </td>
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
      )}
      <div className="d-flex gap-2 align-items-center">
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        >
          {L.previous}
        </Button>
        <span>{T.pageOf(page, Math.max(pages, 1))}</span>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        >
          {L.next}
        </Button>
      </div>
    </>
  );
}
