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
  messageDeliverySchema,
  messageDeliveryPageSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidQuery, ValidParams } from '../../common/pipes/valid-params';
import { MessageDeliveriesService } from './message-deliveries.service';
import { MESSAGE_MANAGER_REQUIRED } from './sites.errors';
import { ApiDoc, ok, created } from '../../common/openapi/api-doc.decorator';

/** The message delivery log (issue 17 point 2): sends of the message screen and their outcomes. */
@Controller()
@RequireEntry('message', MESSAGE_MANAGER_REQUIRED)
export class MessageDeliveriesController {
  constructor(private readonly deliveries: MessageDeliveriesService) {}

  @RequireAccess('body', createMessageDeliverySchema, {
    store: (b) => b.sites.map((s) => ({ company: s.companyId, store: s.storeId })),
  })
  @ApiDoc({
    tag: 'messaging',
    summary: 'Record a send of the message screen before it starts',
    description:
      'A resend (resendOf) carries the message of the send it repeats (same id) and goes only ' +
      'to its sites that failed or whose outcome is unknown; a send is resent once: a second ' +
      'resend of it answers 409 and must not be sent.',
    answers: created(messageDeliverySchema, 'The delivery, every site pending'),
    errors: [403, 404, 409],
  })
  @Post(MESSAGE_DELIVERY_ROUTES.deliveries)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(createMessageDeliverySchema)
    body: z.output<typeof createMessageDeliverySchema>,
  ): Promise<SentMessage> {
    return this.deliveries.create(user, body);
  }

  @ApiDoc({
    tag: 'messaging',
    summary: "Sent messages, newest first, with each site's outcome",
    answers: ok(messageDeliveryPageSchema, 'One page of deliveries'),
    errors: [403],
  })
  @Get(MESSAGE_DELIVERY_ROUTES.deliveries)
  list(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(messageDeliveriesQuerySchema)
    query: z.output<typeof messageDeliveriesQuerySchema>,
  ): Promise<MessageDeliveryPage> {
    return this.deliveries.page(user, query);
  }

  @ApiDoc({
    tag: 'messaging',
    summary: "One sent message with each site's outcome",
    answers: ok(messageDeliverySchema, 'The delivery'),
    errors: [403, 404],
  })
  @Get(toExpressPath(MESSAGE_DELIVERY_ROUTES.delivery))
  get(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(messageDeliveryIdSchema) { id }: z.output<typeof messageDeliveryIdSchema>,
  ): Promise<SentMessage> {
    return this.deliveries.get(user, id);
  }

  /** No @RequireAccess: the outcome of a send already made; the delivery's visibility decides. */
  @ApiDoc({
    tag: 'messaging',
    summary: "Report one site's outcome of a send (by its sender)",
    answers: ok(messageDeliverySchema, 'The delivery'),
    errors: [403, 404, 409],
  })
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
