import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import {
  BULK_ACTIONS_ROUTES,
  BULK_ACTIONS_TEXT,
  type BulkAction,
  bulkActionIdSchema,
  type BulkActionPage,
  bulkActionPageSchema,
  bulkActionSchema,
  bulkActionsQuerySchema,
  createBulkActionSchema,
  toExpressPath,
} from '@store-cloud/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ApiDoc, created, ok } from '../../common/openapi/api-doc.decorator';
import { ValidBody, ValidParams, ValidQuery } from '../../common/pipes/valid-params';
import { BulkActionsService } from './bulk-actions.service';

type IdParams = z.output<typeof bulkActionIdSchema>;

/**
 * Bulk actions and their result grid (issue 32 item 4), for Message Manager users: each sees
 * the actions to its companies and only their stores (another company's action is 404).
 */
@Controller()
@RequireEntry('message', BULK_ACTIONS_TEXT.messageManagerRequired)
export class BulkActionsController {
  constructor(private readonly bulk: BulkActionsService) {}

  @ApiDoc({
    tag: 'bulk-actions',
    summary: 'Bulk actions, newest first, with per-state counts',
    answers: ok(bulkActionPageSchema, 'One page of actions'),
    errors: [403],
  })
  @Get(BULK_ACTIONS_ROUTES.actions)
  list(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(bulkActionsQuerySchema) query: z.output<typeof bulkActionsQuerySchema>,
  ): Promise<BulkActionPage> {
    return this.bulk.page(user, query);
  }

  @RequireAccess('body', createBulkActionSchema, {
    store: (b) => (b.stores ?? []).map((s) => ({ company: s.companyId, store: s.storeId })),
  })
  @ApiDoc({
    tag: 'bulk-actions',
    summary: 'Send a message or log level change to many stores from the backend',
    description:
      'To a saved selection (resolved now: its companies, tags and online state) or to the ' +
      'stores named. Answers at once with every store queued; the results follow.',
    answers: created(bulkActionSchema, 'The action, every store queued'),
    errors: [403, 404],
  })
  @Post(BULK_ACTIONS_ROUTES.actions)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(createBulkActionSchema) body: z.output<typeof createBulkActionSchema>,
  ): Promise<BulkAction> {
    return this.bulk.send(user, body);
  }

  @ApiDoc({
    tag: 'bulk-actions',
    summary: "One bulk action with each store's result",
    answers: ok(bulkActionSchema, 'The action'),
    errors: [403, 404],
  })
  @Get(toExpressPath(BULK_ACTIONS_ROUTES.action))
  get(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(bulkActionIdSchema) { id }: IdParams,
  ): Promise<BulkAction> {
    return this.bulk.get(user, id);
  }

  @ApiDoc({
    tag: 'bulk-actions',
    summary: 'Retry failed only: send the action again to exactly the stores where it failed',
    description: 'A new action with retryOf; an action is retried once (409 after).',
    answers: created(bulkActionSchema, 'The retry, its stores queued'),
    errors: [403, 404, 409],
  })
  @Post(toExpressPath(BULK_ACTIONS_ROUTES.retryFailed))
  @HttpCode(201)
  retryFailed(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(bulkActionIdSchema) { id }: IdParams,
  ): Promise<BulkAction> {
    return this.bulk.retryFailed(user, id);
  }

  @ApiDoc({
    tag: 'bulk-actions',
    summary: "A bulk action's result grid as CSV",
    answers: [{ status: 200, description: 'One line per store', contentType: 'text/csv' }],
    errors: [403, 404],
  })
  @Get(toExpressPath(BULK_ACTIONS_ROUTES.csv))
  async csv(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(bulkActionIdSchema) { id }: IdParams,
    @Res() res: Response,
  ): Promise<void> {
    const body = await this.bulk.csv(user, id);
    res
      .type('text/csv')
      .setHeader('Content-Disposition', `attachment; filename="bulk-action-${id}.csv"`);
    res.send(body);
  }
}
