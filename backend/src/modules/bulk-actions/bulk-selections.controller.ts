import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import {
  BULK_ACTIONS_ROUTES,
  BULK_ACTIONS_TEXT,
  type BulkSelection,
  bulkSelectionIdSchema,
  bulkSelectionInputSchema,
  bulkSelectionListSchema,
  bulkSelectionSchema,
  type ResolvedStore,
  resolvedStoresSchema,
  toExpressPath,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireEntry } from '../../common/auth/require-entry';
import { ApiDoc, created, noContent, ok } from '../../common/openapi/api-doc.decorator';
import { ValidBody, ValidParams } from '../../common/pipes/valid-params';
import { BulkSelectionsService } from './bulk-selections.service';

type IdParams = z.output<typeof bulkSelectionIdSchema>;

/**
 * Saved target selections (by company, tag, online state), each its user's own; resolved to
 * stores when an action is sent. A selection's companies outside the caller's access are 403.
 */
@Controller()
@RequireEntry('message', BULK_ACTIONS_TEXT.messageManagerRequired)
export class BulkSelectionsController {
  constructor(private readonly selections: BulkSelectionsService) {}

  @ApiDoc({
    tag: 'bulk-actions',
    summary: "The caller's saved selections",
    answers: ok(bulkSelectionListSchema, 'The selections, newest first'),
    errors: [403],
  })
  @Get(BULK_ACTIONS_ROUTES.selections)
  list(@CurrentUser() user: AuthenticatedUser): Promise<BulkSelection[]> {
    return this.selections.list(user);
  }

  @ApiDoc({
    tag: 'bulk-actions',
    summary: 'Save a selection',
    answers: created(bulkSelectionSchema, 'The selection'),
    errors: [403],
  })
  @Post(BULK_ACTIONS_ROUTES.selections)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(bulkSelectionInputSchema) body: z.output<typeof bulkSelectionInputSchema>,
  ): Promise<BulkSelection> {
    return this.selections.create(user, body);
  }

  @ApiDoc({
    tag: 'bulk-actions',
    summary: 'The stores a saved selection names now',
    answers: ok(resolvedStoresSchema, 'The stores the caller may open'),
    errors: [403, 404],
  })
  @Get(toExpressPath(BULK_ACTIONS_ROUTES.selectionStores))
  stores(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(bulkSelectionIdSchema) { id }: IdParams,
  ): Promise<ResolvedStore[]> {
    return this.selections.storesOf(user, id);
  }

  @ApiDoc({
    tag: 'bulk-actions',
    summary: 'Delete a saved selection',
    answers: noContent,
    errors: [403, 404],
  })
  @Delete(toExpressPath(BULK_ACTIONS_ROUTES.selection))
  @HttpCode(204)
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @ValidParams(bulkSelectionIdSchema) { id }: IdParams,
  ): Promise<void> {
    await this.selections.remove(user, id);
  }
}
