import { z } from 'zod';
import { relayQueuedSchema } from '../schemas/site.schema';
import { messageHistorySchema, SEND_STATE, type SiteMessage, siteMessageSchema } from './messaging';
import {
  isOutcomeUnknown,
  messageDelivery,
  sendMessageToSites,
  type SiteMessageTransport,
  type TargetSite,
} from './send-to-sites';

/**
 * The message delivery log (issue 17 point 2): each send of the message screen, who sent it,
 * when, and what became of it at each site. The portal runs the send loop, so it reports each
 * site's outcome; a held one follows its held-message outbox record (delivered later or failed).
 */
export const MESSAGE_DELIVERY_API = {
  deliveries: '/portal/messagedeliveries',
  delivery: (id: string) => `/portal/messagedeliveries/${encodeURIComponent(id)}`,
  siteOutcome: (id: string) => `/portal/messagedeliveries/${encodeURIComponent(id)}/sites`,
} as const;
/** The same routes as the backend and its documentation write them. */
export const MESSAGE_DELIVERY_ROUTES = {
  deliveries: MESSAGE_DELIVERY_API.deliveries,
  delivery: '/portal/messagedeliveries/{id}',
  siteOutcome: '/portal/messagedeliveries/{id}/sites',
} as const;

/** What became of the message at one site. */
export const DELIVERY_STATE = {
  pending: 'Pending',
  sent: 'Sent',
  held: 'Held',
  deliveredLater: 'Delivered later',
  failed: 'Failed',
  /** Ours (issue 24): the store did not acknowledge in time; a resend is applied once. */
  unknown: 'Outcome unknown',
} as const;
export const DELIVERY_STATES = [
  DELIVERY_STATE.pending,
  DELIVERY_STATE.sent,
  DELIVERY_STATE.held,
  DELIVERY_STATE.deliveredLater,
  DELIVERY_STATE.failed,
  DELIVERY_STATE.unknown,
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Why a held message failed when its store returned (the store refused it). */
export const HELD_MESSAGE_FAILED = 'The store refused the held message';

export const MESSAGE_DELIVERY_LABELS = {
  /** Sent Messages' search box (issue 30): the sender or the message's words. */
  search: 'Search by sender or message',
  noneFound: 'No sent messages match the search',
  tab: 'Sent Messages',
  createTab: 'Create Message',
  deliveries: 'Sent messages',
  none: 'No messages sent yet',
  sentAt: 'Sent',
  sentBy: 'Sent by',
  message: 'Message',
  sites: 'Sites',
  state: 'State',
  reason: 'Reason',
  at: 'Updated',
  details: 'Delivery',
  messageHistory: 'Message history',
  noHistory: 'No messages in the history',
  resendToFailed: 'Resend to failed sites',
  resendOf: 'Resend of an earlier send',
  resent: 'Resent',
  resending: 'Resending',
  confirmResendTitle: 'Resend to failed sites',
  confirmResend: (sites: number) =>
    `Send this message again to ${sites} site(s) that failed or whose outcome is unknown? A site that already has it will not show it twice.`,
  confirm: 'Resend',
  cancel: 'Cancel',
  alreadyResent: 'This send was already resent',
  resendFailed: 'The resend was not sent',
  /** `label` names a state in the page's language (the state itself in English). */
  summary: (
    counts: Partial<Record<DeliveryState, number>>,
    label: (state: DeliveryState) => string = (state) => state,
  ) =>
    DELIVERY_STATES.filter((s) => counts[s])
      .map((s) => `${label(s)}: ${counts[s]}`)
      .join(', '),
  previous: 'Previous',
  next: 'Next',
  page: (page: number, pages: number) => `Page ${page} of ${Math.max(pages, 1)}`,
  loading: 'Loading',
  failedToLoad: 'Failed to get the sent messages',
} as const;

const deliveryId = z.string().regex(/^[0-9a-f]{24}$/i, 'must be a delivery id');
export const messageDeliveryIdSchema = z.object({ id: deliveryId });

export const deliveryTargetSiteSchema = z.object({
  companyId: z.number().int().min(0),
  companyName: z.string().max(200),
  storeId: z.number().int().min(0),
  storeName: z.string().max(200),
});

/** POST /portal/messagedeliveries: a send about to start (resendOf: the send it repeats). */
export const createMessageDeliverySchema = z.object({
  message: siteMessageSchema,
  sites: z.array(deliveryTargetSiteSchema).min(1).max(10_000),
  resendOf: deliveryId.optional(),
});
export type CreateMessageDelivery = z.infer<typeof createMessageDeliverySchema>;

/**
 * POST /portal/messagedeliveries/{id}/sites: the portal's send loop reports one site's outcome.
 * held names the outbox record the relay answered (202); result is the store's MessageHistory.
 */
export const deliverySiteOutcomeSchema = z.discriminatedUnion('state', [
  z.object({
    companyId: z.number().int().min(0),
    storeId: z.number().int().min(0),
    state: z.literal(DELIVERY_STATE.sent),
    result: messageHistorySchema.max(1000).optional(),
  }),
  z.object({
    companyId: z.number().int().min(0),
    storeId: z.number().int().min(0),
    state: z.literal(DELIVERY_STATE.held),
    outboxId: z.string().regex(/^[0-9a-f]{24}$/i, 'must be a held message id'),
  }),
  z.object({
    companyId: z.number().int().min(0),
    storeId: z.number().int().min(0),
    state: z.enum([DELIVERY_STATE.failed, DELIVERY_STATE.unknown]),
    reason: z.string().min(1).max(500),
  }),
]);
export type DeliverySiteOutcome = z.infer<typeof deliverySiteOutcomeSchema>;

export const messageDeliverySiteSchema = deliveryTargetSiteSchema.extend({
  state: z.enum(DELIVERY_STATES),
  reason: z.string().nullable(),
  /** ISO time of the last change. */
  at: z.string().nullable(),
  /** The store's MessageHistory, for a Message History command. */
  result: messageHistorySchema.nullable(),
});
export type MessageDeliverySite = z.infer<typeof messageDeliverySiteSchema>;

export const messageDeliverySchema = z.object({
  id: z.string(),
  message: siteMessageSchema,
  user: z.string(),
  /** ISO time the send started. */
  createdAt: z.string(),
  resendOf: z.string().nullable(),
  /** The send that repeats this one's failed sites; a send is resent once (issue 24). */
  resentBy: z.string().nullable(),
  sites: z.array(messageDeliverySiteSchema),
});
export type SentMessage = z.infer<typeof messageDeliverySchema>;

export const messageDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Sends whose sender or message contains it (case-insensitive; from 3 characters, issue 30). */
  search: z.string().trim().max(100).optional(),
});

export const messageDeliveryPageSchema = z.object({
  items: z.array(messageDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MessageDeliveryPage = z.infer<typeof messageDeliveryPageSchema>;

export const deliveryCounts = (delivery: Pick<SentMessage, 'sites'>) => {
  const counts: Partial<Record<DeliveryState, number>> = {};
  for (const site of delivery.sites) counts[site.state] = (counts[site.state] ?? 0) + 1;
  return counts;
};

/** The states a resend may send to again: the message is not known to be at the site. */
export const RESENDABLE_STATES: readonly DeliveryState[] = [
  DELIVERY_STATE.failed,
  DELIVERY_STATE.unknown,
];

/** The sites of a delivery to send again: those that failed or whose outcome is unknown. */
export const failedSites = (delivery: Pick<SentMessage, 'sites'>): TargetSite[] =>
  delivery.sites
    .filter((s) => RESENDABLE_STATES.includes(s.state))
    .map(({ companyId, companyName, storeId, storeName }) => ({
      companyId,
      companyName,
      storeId,
      storeName,
    }));

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'Unknown error';

/** The outcome of a site's delivered call from the relay's answer. */
export function outcomeOfReply(
  site: TargetSite,
  message: SiteMessage,
  reply: unknown,
): DeliverySiteOutcome {
  const ref = { companyId: site.companyId, storeId: site.storeId };
  const queued = relayQueuedSchema.safeParse(reply);
  if (queued.success) return { ...ref, state: DELIVERY_STATE.held, outboxId: queued.data.item.id };
  const history =
    messageDelivery(message) === 'messageHistory' ? messageHistorySchema.safeParse(reply) : null;
  return { ...ref, state: DELIVERY_STATE.sent, result: history?.data?.slice(0, 1000) };
}

/**
 * The send loop with its outcomes recorded: each site's final state goes to `record` (which
 * must not throw; the portal logs a failed report). The transport's deliver answers the relay's
 * reply body, so a held (202) call is told apart from one the store took.
 */
export async function sendAndRecord(
  sites: readonly TargetSite[],
  message: SiteMessage,
  transport: SiteMessageTransport,
  onState: Parameters<typeof sendMessageToSites>[3],
  record: (outcome: DeliverySiteOutcome) => Promise<void>,
) {
  const pending: Array<Promise<void>> = [];
  const failed = (
    site: TargetSite,
    reason: string,
    state: typeof DELIVERY_STATE.failed | typeof DELIVERY_STATE.unknown = DELIVERY_STATE.failed,
  ) => pending.push(record({ companyId: site.companyId, storeId: site.storeId, state, reason }));
  const recording: SiteMessageTransport = {
    onlineSites: () => transport.onlineSites(),
    close: (site) => transport.close(site),
    async connect(site) {
      try {
        await transport.connect(site);
      } catch (error) {
        failed(site, `${SEND_STATE.connectFailed}: ${reasonOf(error)}`);
        throw error;
      }
    },
    async deliver(site, sent) {
      let reply: unknown;
      try {
        reply = await transport.deliver(site, sent);
      } catch (error) {
        if (isOutcomeUnknown(error))
          failed(site, `${SEND_STATE.outcomeUnknown}: ${reasonOf(error)}`, DELIVERY_STATE.unknown);
        else failed(site, `${SEND_STATE.sendFailed}: ${reasonOf(error)}`);
        throw error;
      }
      pending.push(record(outcomeOfReply(site, sent, reply)));
      return reply;
    },
  };
  const results = await sendMessageToSites(sites, message, recording, (site, state) => {
    if (state === SEND_STATE.offline) failed(site, SEND_STATE.offline);
    onState(site, state);
  });
  await Promise.all(pending);
  return results;
}
