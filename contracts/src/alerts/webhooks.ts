import { z } from 'zod';
import { objectIdSchema } from './rules';

/**
 * Webhooks (issue 26 item 3): per company, administered by its administrators. Each notification
 * is POSTed as JSON, signed with the webhook's secret (shown once, at creation), retried with
 * backoff for 24 hours, every attempt kept in its delivery log.
 */
export const WEBHOOK_API = {
  /** GET ?companyId= (the webhooks of the companies in the caller's scope), POST a new one. */
  webhooks: '/portal/webhooks',
  /** PUT, DELETE one webhook. */
  webhook: '/portal/webhooks/{id}',
  /** POST: a test notification to this webhook now. */
  test: '/portal/webhooks/{id}/test',
  /** GET: its deliveries, newest first, each with its attempts. */
  deliveries: '/portal/webhooks/{id}/deliveries',
  /** POST: send a delivery again (a new delivery with its own id). */
  replay: '/portal/webhooks/{id}/deliveries/{deliveryId}/replay',
} as const;
const withId = (path: string, id: string) => path.replace('{id}', encodeURIComponent(id));
export const webhookPath = (id: string) => withId(WEBHOOK_API.webhook, id);
export const webhookTestPath = (id: string) => withId(WEBHOOK_API.test, id);
export const webhookDeliveriesPath = (id: string) => withId(WEBHOOK_API.deliveries, id);
export const webhookReplayPath = (id: string, deliveryId: string) =>
  withId(WEBHOOK_API.replay, id).replace('{deliveryId}', encodeURIComponent(deliveryId));

/** The headers of every webhook POST. */
export const WEBHOOK_HEADERS = {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`. */
  signature: 'X-StoreCloud-Signature',
  /** The delivery's id: the same on every retry of it, so a receiver can drop a repeat. */
  delivery: 'X-StoreCloud-Delivery',
  /** The event, as in the body. */
  event: 'X-StoreCloud-Event',
} as const;

/** What a webhook may be sent; `test` always reaches it. */
export const WEBHOOK_EVENTS = [
  'incident.opened',
  'incident.resolved',
  'digest',
  'report',
  'test',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** json: our signed payload; slack and teams: the shape their incoming webhooks accept. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_LIMITS = {
  nameMax: 100,
  urlMax: 2000,
  /** Retries end this long after the notification was queued; then it is failed. */
  retryHours: 24,
  /** How much of a receiver's answer the delivery log keeps. */
  answerBytes: 512,
  /** How many deliveries the log lists. */
  deliveriesListed: 100,
} as const;

export const WEBHOOK_ERROR = {
  notFound: 'The webhook does not exist',
  deliveryNotFound: 'The delivery does not exist',
  url: 'must be an http:// or https:// URL',
  credentialsInUrl: 'must not carry a user name or password',
  blockedAddress:
    'The webhook URL points to a loopback, private, link-local or cloud metadata address, which is not allowed',
} as const;

const companyId = z.number().int().min(0).max(2_147_483_647);

export const webhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.urlMax)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, WEBHOOK_ERROR.url)
  .refine((value) => {
    try {
      const url = new URL(value);
      return !url.username && !url.password;
    } catch {
      return true;
    }
  }, WEBHOOK_ERROR.credentialsInUrl);

/** POST /portal/webhooks and PUT /portal/webhooks/{id}. */
export const webhookInputSchema = z.object({
  companyId,
  name: z.string().trim().min(1, 'must not be empty').max(WEBHOOK_LIMITS.nameMax),
  url: webhookUrlSchema,
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'choose at least one event')
    .refine((e) => new Set(e).size === e.length, 'each event once')
    .default(['incident.opened', 'incident.resolved', 'digest', 'report', 'test']),
  format: z.enum(WEBHOOK_FORMATS).default('json'),
  enabled: z.boolean().default(true),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;
export type WebhookValues = z.output<typeof webhookInputSchema>;

/** A webhook as listed: never its secret. */
export const webhookSchema = webhookInputSchema.extend({
  id: z.string(),
  /** ISO times. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.output<typeof webhookSchema>;
export const webhookListSchema = z.array(webhookSchema);

/** The answer of POST /portal/webhooks: the only time the secret is shown. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.output<typeof webhookCreatedSchema>;

export const webhooksQuerySchema = z
  .object({ companyId: z.coerce.number().int().min(0).max(2_147_483_647).optional() })
  .strict();

export const webhookDeliveryParamsSchema = z.object({
  id: objectIdSchema,
  deliveryId: z.uuid({ error: 'must be a delivery id' }),
});

export const WEBHOOK_DELIVERY_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** One POST of a delivery: the receiver's status and first bytes, or why none came. */
export const webhookAttemptSchema = z.object({
  /** ISO time. */
  at: z.string(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().min(0),
  /** The answer's first bytes (WEBHOOK_LIMITS.answerBytes). */
  answer: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** One notification to one webhook, with every attempt to send it. */
export const webhookDeliverySchema = z.object({
  /** Also the X-StoreCloud-Delivery header and the payload's id. */
  id: z.string(),
  webhookId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  kind: z.string(),
  subject: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  /** ISO times; nextAttemptAt while it still waits to be sent. */
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** The delivery this one repeats (a replay). */
  replayOf: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

/** The JSON a webhook of format `json` receives (the signed body). */
export const webhookPayloadSchema = z.object({
  /** The delivery id (X-StoreCloud-Delivery): the same on every retry. */
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  kind: z.string(),
  /** The notification's idempotency key, e.g. `<incident id>:opened`. */
  key: z.string(),
  /** A replay: the id of the delivery it repeats (the key is then the replay's own). */
  replayOf: z.string().nullable(),
  companyId: z.number().int(),
  storeId: z.number().int().nullable(),
  subject: z.string(),
  text: z.string(),
  /** The link into the portal. */
  url: z.string(),
  /** ISO time the notification was queued. */
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** The notification a webhook's "Send a test" queues. */
export const WEBHOOK_NOTICE = {
  testSubject: (name: string) => `Test of the webhook "${name}"`,
  testText: (name: string) =>
    `This is a test notification of the webhook "${name}". No incident is open.`,
} as const;

/** E-mail texts the channels add around the notification's own text. */
export const NOTIFICATION_EMAIL_TEXT = {
  open: 'Open in the portal',
  footer: 'You receive this because an alert rule of store-cloud names this address.',
} as const;
