import { Controller, Get, Res } from '@nestjs/common';
import {
  MESSAGING_API,
  MESSAGING_STORE_PATH,
  type SitePosMainParams,
  sitePosMainParamsSchema,
  siteQuerySchema,
  type Workstation,
  workstationsSchema,
} from '@store-cloud/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidQuery } from '../../common/pipes/valid-params';
import { MESSAGE_MANAGER_REQUIRED } from '../sites';
import { MessagingService } from './messaging.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

type SiteQuery = z.output<typeof siteQuerySchema>;

/**
 * The Message screen's store calls (media spec §7): answered by the store itself over its socket,
 * for Message Manager users with access to the store; an offline store is STORE_OFFLINE (409).
 */
@Controller()
@RequireEntry('message', MESSAGE_MANAGER_REQUIRED)
@RequireAccess('query', siteQuerySchema, { store: (q) => ({ company: q.c, store: q.s }) })
export class MessagingController {
  constructor(private readonly messaging: MessagingService) {}

  @ApiDoc({
    tag: 'messaging',
    summary: "A connected store's workstations",
    answers: ok(workstationsSchema, 'The workstations'),
    errors: [403, 409, 502, 504],
  })
  @Get(MESSAGING_API.workstations)
  workstations(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(siteQuerySchema) q: SiteQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Workstation[] | unknown> {
    return this.ask(user, q, MESSAGING_STORE_PATH.workstations, workstationsSchema, res);
  }

  @ApiDoc({
    tag: 'messaging',
    summary: "A connected store's POS main parameters",
    answers: ok(sitePosMainParamsSchema, 'The parameters'),
    errors: [403, 409, 502, 504],
  })
  @Get(MESSAGING_API.sitePosMainParams)
  sitePosMainParams(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(siteQuerySchema) q: SiteQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SitePosMainParams | unknown> {
    return this.ask(user, q, MESSAGING_STORE_PATH.sitePosMainParams, sitePosMainParamsSchema, res);
  }

  /** The store's answer: checked when it succeeded, passed on as it is when the store refused. */
  private async ask<S extends z.ZodType>(
    user: AuthenticatedUser,
    q: SiteQuery,
    path: string,
    schema: S,
    res: Response,
  ): Promise<z.output<S> | unknown> {
    const answer = await this.messaging.ask(user, q, path, schema);
    if (answer.ok) return answer.value;
    res.status(answer.status);
    return answer.body;
  }
}
