import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  alertIdParamsSchema,
  type AlertTestResult,
  type Success,
  toExpressPath,
  type Webhook,
  WEBHOOK_API,
  type WebhookCreated,
  type WebhookDelivery,
  webhookDeliveryParamsSchema,
  webhookInputSchema,
  webhooksQuerySchema,
  webhookListSchema,
  webhookCreatedSchema,
  webhookSchema,
  successSchema,
  alertTestResultSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidParams, ValidQuery } from '../../common/pipes/valid-params';
import { WebhooksService } from './webhooks.service';
import { ApiDoc } from '../../common/openapi/api-doc.decorator';

type Id = z.output<typeof alertIdParamsSchema>;
type DeliveryParams = z.output<typeof webhookDeliveryParamsSchema>;
type WebhookBody = z.output<typeof webhookInputSchema>;

/** /portal/webhooks (issue 26): the admin types, each within its companies. */
@Controller()
@RequireEntry('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @RequireAccess('query', webhooksQuerySchema, { company: (q) => q.companyId })
  @ApiDoc({
    tag: 'alerts',
    summary: 'The webhooks of the companies in your scope (or of one); never their secrets',
    answers: [{ status: 200, description: 'The webhooks', schema: webhookListSchema }],
    errors: [403],
  })
  @Get(WEBHOOK_API.webhooks)
  list(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(webhooksQuerySchema) q: z.output<typeof webhooksQuerySchema>,
  ): Promise<Webhook[]> {
    return this.webhooks.list(user, q.companyId);
  }

  @RequireAccess('body', webhookInputSchema, { company: (b) => b.companyId })
  @ApiDoc({
    tag: 'alerts',
    summary: 'Create a webhook for a company (administrators); answers its secret, only now',
    description:
      'The URL must be http(s) and may not point to a link-local or cloud metadata address, nor (unless WEBHOOK_ALLOW_PRIVATE) to a loopback or private one.',
    answers: [
      { status: 201, description: 'The webhook and its secret', schema: webhookCreatedSchema },
    ],
    errors: [403],
  })
  @Post(WEBHOOK_API.webhooks)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(webhookInputSchema) body: WebhookBody,
  ): Promise<WebhookCreated> {
    return this.webhooks.create(user, body);
  }

  /** The webhook's present company is checked by the service; the body's by the guard. */
  @RequireAccess('body', webhookInputSchema, { company: (b) => b.companyId })
  @ApiDoc({
    tag: 'alerts',
    summary: 'Replace a webhook (administrators); its secret stays',
    answers: [{ status: 200, description: 'The webhook', schema: webhookSchema }],
    errors: [403, 404],
  })
  @Put(toExpressPath(WEBHOOK_API.webhook))
  update(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
    @ValidBody(webhookInputSchema) body: WebhookBody,
  ): Promise<Webhook> {
    return this.webhooks.update(user, id, body);
  }

  @ApiDoc({
    tag: 'alerts',
    summary: 'Delete a webhook (administrators); its deliveries not yet sent fail',
    answers: [{ status: 200, description: 'Deleted', schema: successSchema }],
    errors: [403, 404],
  })
  @Delete(toExpressPath(WEBHOOK_API.webhook))
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
  ): Promise<Success> {
    return this.webhooks.remove(user, id);
  }

  @ApiDoc({
    tag: 'alerts',
    summary: 'Send a test notification to the webhook now',
    answers: [
      { status: 200, description: 'How many sends were queued', schema: alertTestResultSchema },
    ],
    errors: [403, 404],
  })
  @Post(toExpressPath(WEBHOOK_API.test))
  @HttpCode(200)
  test(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
  ): Promise<AlertTestResult> {
    return this.webhooks.test(user, id);
  }

  @ApiDoc({
    tag: 'alerts',
    summary: "The webhook's deliveries, newest first, each with every attempt and its answer",
    answers: [{ status: 200, description: 'The deliveries', schema: webhookDeliveryListSchema }],
    errors: [403, 404],
  })
  @Get(toExpressPath(WEBHOOK_API.deliveries))
  deliveries(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
  ): Promise<WebhookDelivery[]> {
    return this.webhooks.deliveries(user, id);
  }

  @ApiDoc({
    tag: 'alerts',
    summary: 'Send a delivery again: a new delivery (its own id) naming the one it repeats',
    answers: [{ status: 200, description: 'The new delivery', schema: webhookDeliverySchema }],
    errors: [403, 404],
  })
  @Post(toExpressPath(WEBHOOK_API.replay))
  @HttpCode(200)
  replay(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(webhookDeliveryParamsSchema) { id, deliveryId }: DeliveryParams,
  ): Promise<WebhookDelivery> {
    return this.webhooks.replay(user, id, deliveryId);
  }
}
