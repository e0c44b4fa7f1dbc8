/**
 * The message delivery log (issue 17 point 2): the Sent Messages list and the recorded send that
 * the send view and "Resend to failed sites" run.
 */
import {
  type DeliverySiteOutcome,
  MESSAGE_DELIVERY_API,
  messageDeliverySchema,
  type SendState,
  sendAndRecord,
  type SiteMessage,
  type SiteMessageTransport,
  type TargetSite,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { messagingQueries } from './messaging.queries';

/** A page of Sent Messages; `search` (from SEARCH_MIN_LENGTH characters) narrows them. */
export const useMessageDeliveries = (page: number, search = '', pageSize = 10) =>
  useQuery(messagingQueries.deliveries(page, pageSize, search));

const report = (id: string, outcome: DeliverySiteOutcome) =>
  apiRequest(MESSAGE_DELIVERY_API.siteOutcome(id), messageDeliverySchema, {
    method: 'POST',
    body: outcome,
  }).then(
    () => undefined,
    (e: unknown) => console.error('Recording a site outcome failed', e),
  );

/**
 * Records the send, then runs the send loop reporting each site's outcome. A send the log could
 * not record still goes out: the message matters more than its record. A resend does not: the
 * backend's record is its claim (a send is resent once), so a refused resend throws unsent.
 */
export async function sendRecorded(
  sites: readonly TargetSite[],
  message: SiteMessage,
  transport: SiteMessageTransport,
  onState: (site: TargetSite, state: SendState) => void,
  resendOf?: string,
) {
  const created = await apiRequest(MESSAGE_DELIVERY_API.deliveries, messageDeliverySchema, {
    method: 'POST',
    body: { message, sites, resendOf },
  }).catch((e: unknown) => {
    if (resendOf) throw e;
    console.error('Recording the send failed', e);
    return null;
  });
  return sendAndRecord(sites, message, transport, onState, (outcome) =>
    created ? report(created.id, outcome) : Promise.resolve(),
  );
}
