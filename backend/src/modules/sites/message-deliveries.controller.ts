import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  createMessageDeliverySchema,
  deliverySiteOutcomeSchema,
  MESSAGE_DELIVERY_ROUTES,
  messageDeliveriesQuerySchema,
  type SentMessage,
  messageDeliveryIdSchema,
  type MessageDeliveryPage,
  toExpressPath,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidQuery, ValidParams } from '../../common/pipes/valid-params';
import { MessageDeliveriesService } from './message-deliveries.service';
import { MESSAGE_MANAGER_REQUIRED } from './sites.errors';

/** The message delivery log (issue 17 point 2): sends of the message screen and their outcomes. */
@Controller()
@RequireEntry('message', MESSAGE_MANAGER_REQUIRED)
export class MessageDeliveriesController {
  constructor(private readonly deliveries: MessageDeliveriesService) {}

  @RequireAccess('body', createMessageDeliverySchema, {
    store: (b) => b.sites.map((s) => ({ company: s.companyId, store: s.storeId })),
  })
  @Post(MESSAGE_DELIVERY_ROUTES.deliveries)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(createMessageDeliverySchema)
    body: z.output<typeof createMessageDeliverySchema>,
  ): Promise<SentMessage> {
    return this.deliveries.create(user, body);
  }

  @Get(MESSAGE_DELIVERY_ROUTES.deliveries)
  list(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(messageDeliveriesQuerySchema)
    query: z.output<typeof messageDeliveriesQuerySchema>,
  ): Promise<MessageDeliveryPage> {
    return this.deliveries.page(user, query);
  }

  @Get(toExpressPath(MESSAGE_DELIVERY_ROUTES.delivery))
  get(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(messageDeliveryIdSchema) { id }: z.output<typeof messageDeliveryIdSchema>,
  ): Promise<SentMessage> {
    return this.deliveries.get(user, id);
  }

  /** No @RequireAccess: the outcome of a send already made; the delivery's visibility decides. */
  @Post(toExpressPath(MESSAGE_DELIVERY_ROUTES.siteOutcome))
  @HttpCode(200)
  report(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(messageDeliveryIdSchema) { id }: z.output<typeof messageDeliveryIdSchema>,
    @ValidBody(deliverySiteOutcomeSchema)
    outcome: z.output<typeof deliverySiteOutcomeSchema>,
  ): Promise<SentMessage> {
    return this.deliveries.report(user, id, outcome);
  }
}
