import { All, Controller, MethodNotAllowedException, Req, Res } from '@nestjs/common';
import {
  nestsDeeperThan,
  RELAY_BODY_MAX_DEPTH,
  RELAY_TEXT,
  relayQuerySchema,
  SITE_API,
  SITE_TOKEN_HEADER,
  siteRequestSchema,
} from '@store-cloud/contracts';
import { ValidationFailedError } from '@store-cloud/node-kit';
import type { Request, Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import type { z } from 'zod';
import { ValidQuery } from '../../common/pipes/valid-params';
import { canonicalPath, canonicalQuery } from './messenger-gate';
import { SitesService } from './sites.service';

/** The methods a store's API takes; anything else (HEAD, OPTIONS, ...) is 405. */
const RELAYED_METHODS: readonly string[] = siteRequestSchema.shape.method.options;

/**
 * /api/v1/*: calls of the portal for its connected store (spec §7 service status calls, and
 * the messaging calls), relayed over the store's socket. Authenticated by the site token in
 * SITE_TOKEN_HEADER alone (the portal's access token guard does not apply here).
 */
@Controller()
export class RelayController {
  constructor(private readonly sites: SitesService) {}

  @Public()
  @All(`${SITE_API.relayPrefix}/*path`)
  async relay(
    @Req() req: Request,
    @Res() res: Response,
    @ValidQuery(relayQuerySchema) query: z.output<typeof relayQuerySchema>,
  ): Promise<void> {
    if (!RELAYED_METHODS.includes(req.method.toUpperCase())) {
      res.setHeader('Allow', RELAYED_METHODS.join(', '));
      throw new MethodNotAllowedException();
    }
    const caller = await this.sites.authenticate(req.header(SITE_TOKEN_HEADER));
    const body: unknown = req.method === 'GET' ? undefined : req.body;
    if (nestsDeeperThan(body, RELAY_BODY_MAX_DEPTH)) {
      throw new ValidationFailedError(RELAY_TEXT.bodyTooDeep);
    }
    // The store gets exactly the path and d the messenger gate decides on (issue 23).
    const passOn = Object.fromEntries(
      Object.entries(canonicalQuery(req.query)).filter(([, v]) => typeof v === 'string'),
    ) as Record<string, string>;
    const request = siteRequestSchema.parse({
      method: req.method.toUpperCase(),
      path: canonicalPath(req.path.slice(SITE_API.relayPrefix.length)),
      query: passOn,
      body,
      user: caller.user,
    });
    const reply = await this.sites.relay(caller, { company: query.c, store: query.s }, request);
    res.status(reply.status).json(reply.body ?? null);
  }
}
