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
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidParams, ValidQuery } from '../../common/pipes/valid-params';
import { WebhooksService } from './webhooks.service';

type Id = z.output<typeof alertIdParamsSchema>;
type DeliveryParams = z.output<typeof webhookDeliveryParamsSchema>;
type WebhookBody = z.output<typeof webhookInputSchema>;

/** /portal/webhooks (issue 26): the admin types, each within its companies. */
@Controller()
@RequireEntry('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @RequireAccess('query', webhooksQuerySchema, { company: (q) => q.companyId })
  @Get(WEBHOOK_API.webhooks)
  list(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(webhooksQuerySchema) q: z.output<typeof webhooksQuerySchema>,
  ): Promise<Webhook[]> {
    return this.webhooks.list(user, q.companyId);
  }

  @RequireAccess('body', webhookInputSchema, { company: (b) => b.companyId })
  @Post(WEBHOOK_API.webhooks)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(webhookInputSchema) body: WebhookBody,
  ): Promise<WebhookCreated> {
    return this.webhooks.create(user, body);
  }

  /** The webhook's present company is checked by the service; the body's by the guard. */
  @RequireAccess('body', webhookInputSchema, { company: (b) => b.companyId })
  @Put(toExpressPath(WEBHOOK_API.webhook))
  update(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
    @ValidBody(webhookInputSchema) body: WebhookBody,
  ): Promise<Webhook> {
    return this.webhooks.update(user, id, body);
  }

  @Delete(toExpressPath(WEBHOOK_API.webhook))
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
  ): Promise<Success> {
    return this.webhooks.remove(user, id);
  }

  @Post(toExpressPath(WEBHOOK_API.test))
  @HttpCode(200)
  test(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
  ): Promise<AlertTestResult> {
    return this.webhooks.test(user, id);
  }

  @Get(toExpressPath(WEBHOOK_API.deliveries))
  deliveries(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(alertIdParamsSchema) { id }: Id,
  ): Promise<WebhookDelivery[]> {
    return this.webhooks.deliveries(user, id);
  }

  @Post(toExpressPath(WEBHOOK_API.replay))
  @HttpCode(200)
  replay(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(webhookDeliveryParamsSchema) { id, deliveryId }: DeliveryParams,
  ): Promise<WebhookDelivery> {
    return this.webhooks.replay(user, id, deliveryId);
  }
}
