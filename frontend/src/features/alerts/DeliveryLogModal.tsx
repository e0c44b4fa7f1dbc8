import {
  DATE_FORMAT_STATUS,
  type Webhook,
  type WebhookAttempt,
  type WebhookDelivery,
} from '@store-cloud/contracts';
import { format } from 'date-fns';
import { Alert, Badge, Button, Modal, Table } from 'react-bootstrap';
import { useReplayDelivery, useWebhookDeliveries } from '../../api/useWebhooks';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { webhooksTextSet } from '../../i18n/sets/alerts';
import { useTexts } from '../../i18n/useTexts';

const when = (iso: string) => format(new Date(iso), DATE_FORMAT_STATUS);

const STATE_VARIANT: Record<WebhookDelivery['state'], string> = {
  pending: 'secondary',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
};

/** One attempt: its answer's status or its error, its duration and the answer's first bytes. */
function AttemptLine({ attempt }: { attempt: WebhookAttempt }) {
  const T = useTexts(webhooksTextSet);
  return (
    <li className="small">
      <span className="text-nowrap">{when(attempt.at)}</span>{' '}
      <strong>{attempt.status ?? attempt.error}</strong> {T.durationMs(attempt.durationMs)}
      {attempt.answer && (
        <code className="d-block text-wrap-anywhere text-body-secondary">{attempt.answer}</code>
      )}
    </li>
  );
}

/**
 * A webhook's delivery log (issue 26 point 3): newest first, each delivery with its state and
 * every attempt, and Replay (a new delivery of the same notification).
 */
export function DeliveryLogModal({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const T = useTexts(webhooksTextSet);
  const deliveries = useWebhookDeliveries(webhook.id);
  const replay = useReplayDelivery();

  const again = (delivery: WebhookDelivery) =>
    replay.mutate(
      { id: webhook.id, deliveryId: delivery.id },
      {
        onSuccess: () => notify.success(T.toast.title, T.toast.replayed),
        onError: (e) => notify.error(T.toast.title, T.toast.replayError, e),
      },
    );

  let body;
  if (deliveries.isPending) body = <LoadingSpinner label={T.loading} />;
  else if (deliveries.isError) body = <Alert variant="danger">{T.loadFailed}</Alert>;
  else if (!deliveries.data.length) body = <p className="text-muted mb-0">{T.noDeliveries}</p>;
  else
    body = (
      <Table size="sm" responsive aria-label={T.deliveryTable} aria-busy={deliveries.isFetching}>
        <thead>
          <tr>
            <th>{T.when}</th>
            <th>{T.event}</th>
            <th>{T.result}</th>
            <th aria-label={T.replay} />
          </tr>
        </thead>
        <tbody>
          {deliveries.data.map((d) => (
            <tr key={d.id}>
              <td className="text-nowrap small">{when(d.createdAt)}</td>
              <td className="small">
                <div>{d.event}</div>
                <div className="text-muted text-wrap-anywhere">{d.subject}</div>
              </td>
              <td>
                <Badge bg={STATE_VARIANT[d.state]}>{d.state}</Badge>
                <ul className="list-unstyled mb-0">
                  {d.attempts.map((a) => (
                    <AttemptLine key={a.at} attempt={a} />
                  ))}
                </ul>
              </td>
              <td className="text-end">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={T.replayOf(when(d.createdAt))}
                  disabled={replay.isPending}
                  onClick={() => again(d)}
                >
                  {T.replay}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );

  return (
    <Modal show onHide={onClose} size="xl" aria-labelledby="delivery-log-title">
      <Modal.Header closeButton>
        <Modal.Title id="delivery-log-title">{T.deliveriesOf(webhook.name)}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>{T.close}</Button>
      </Modal.Footer>
    </Modal>
  );
}
