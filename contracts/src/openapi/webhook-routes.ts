import { alertTestResultSchema } from '../alerts/rules';
import {
  WEBHOOK_API,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookInputSchema,
  webhookListSchema,
  webhookSchema,
  webhooksQuerySchema,
} from '../alerts/webhooks';
import { successSchema } from '../schemas/admin.schema';
import type { ApiRoute } from './api-route';

const TOKEN = ['accessToken'] as const;

/** Webhooks, their tests and delivery logs (issue 26): administrators, within their companies. */
export const WEBHOOK_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: WEBHOOK_API.webhooks,
    tag: 'alerts',
    summary: 'The webhooks of the companies in your scope (or of one); never their secrets',
    security: TOKEN,
    query: webhooksQuerySchema,
    answers: [{ status: 200, description: 'The webhooks', schema: webhookListSchema }],
    errors: [403],
  },
  {
    method: 'post',
    path: WEBHOOK_API.webhooks,
    tag: 'alerts',
    summary: 'Create a webhook for a company (administrators); answers its secret, only now',
    description:
      'The URL must be http(s) and may not point to a link-local or cloud metadata address, nor (unless WEBHOOK_ALLOW_PRIVATE) to a loopback or private one.',
    security: TOKEN,
    body: webhookInputSchema,
    answers: [
      { status: 201, description: 'The webhook and its secret', schema: webhookCreatedSchema },
    ],
    errors: [403],
  },
  {
    method: 'put',
    path: WEBHOOK_API.webhook,
    tag: 'alerts',
    summary: 'Replace a webhook (administrators); its secret stays',
    security: TOKEN,
    body: webhookInputSchema,
    answers: [{ status: 200, description: 'The webhook', schema: webhookSchema }],
    errors: [403, 404],
  },
  {
    method: 'delete',
    path: WEBHOOK_API.webhook,
    tag: 'alerts',
    summary: 'Delete a webhook (administrators); its deliveries not yet sent fail',
    security: TOKEN,
    answers: [{ status: 200, description: 'Deleted', schema: successSchema }],
    errors: [403, 404],
  },
  {
    method: 'post',
    path: WEBHOOK_API.test,
    tag: 'alerts',
    summary: 'Send a test notification to the webhook now',
    security: TOKEN,
    answers: [
      { status: 200, description: 'How many sends were queued', schema: alertTestResultSchema },
    ],
    errors: [403, 404],
  },
  {
    method: 'get',
    path: WEBHOOK_API.deliveries,
    tag: 'alerts',
    summary: "The webhook's deliveries, newest first, each with every attempt and its answer",
    security: TOKEN,
    answers: [{ status: 200, description: 'The deliveries', schema: webhookDeliveryListSchema }],
    errors: [403, 404],
  },
  {
    method: 'post',
    path: WEBHOOK_API.replay,
    tag: 'alerts',
    summary: 'Send a delivery again: a new delivery (its own id) naming the one it repeats',
    security: TOKEN,
    answers: [{ status: 200, description: 'The new delivery', schema: webhookDeliverySchema }],
    errors: [403, 404],
  },
];
