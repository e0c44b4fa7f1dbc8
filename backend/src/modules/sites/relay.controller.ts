import { All, Controller, Req, Res } from '@nestjs/common';
import {
  type HttpMethod,
  relayQueuedSchema,
  nestsDeeperThan,
  RELAY_BODY_MAX_DEPTH,
  RELAY_TEXT,
  relayQuerySchema,
  SITE_API,
  SITE_TOKEN_HEADER,
  siteRequestSchema,
} from '@store-cloud/contracts';
import type { Request, Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { z } from 'zod';
import { ValidQuery } from '../../common/pipes/valid-params';
import { type ApiDocOptions, ApiDoc } from '../../common/openapi/api-doc.decorator';
import { canonicalPath, canonicalQuery } from './messenger-gate';
import { SiteError } from './sites.errors';
import { RelayService } from './relay.service';
import { SiteAuthService } from './site-auth.service';

/** The methods a store's API takes; anything else (HEAD, OPTIONS, ...) is 405. */
const RELAYED_METHODS: readonly string[] = siteRequestSchema.shape.method.options;

const relayed = (method: HttpMethod): ApiDocOptions => ({
  tag: 'relay',
  summary: 'Relay a call to the connected store',
  description:
    'Any path below /api/v1 (several segments, e.g. /api/v1/promotion/ping) is passed to ' +
    'the store named by ?c&s with the remaining query and the JSON body; the answer is ' +
    "the store's status and body. A call that changes something (not GET) to an offline " +
    'store is held (202). A message to the messenger (d=em, not GET) the store does not ' +
    'acknowledge in time answers 504 OUTCOME_UNKNOWN: it may have taken it; sending it ' +
    'again with the same message id is applied once.',
  security: ['siteToken'],
  answers: [
    ...(method === 'get'
      ? []
      : [{ status: 202, description: 'Held for the offline store', schema: relayQueuedSchema }]),
    {
      status: 'default',
      description: "The store's answer: its own status and JSON body",
      schema: z.unknown(),
    },
  ],
  errors: [403, 409, 502, 504],
});
const refused: ApiDocOptions = {
  tag: 'relay',
  summary: 'Not relayed: a store takes GET, POST, PUT, PATCH and DELETE',
  answers: [],
  errors: [405],
};

/**
 * /api/v1/*: calls of the portal for its connected store (spec §7 service status calls, and
 * the messaging calls), relayed over the store's socket. Authenticated by the site token in
 * SITE_TOKEN_HEADER alone (the portal's access token guard does not apply here).
 */
@Controller()
export class RelayController {
  constructor(
    private readonly siteAuth: SiteAuthService,
    private readonly relays: RelayService,
  ) {}

  @Public()
  @ApiDoc({
    perMethod: {
      get: relayed('get'),
      post: relayed('post'),
      put: relayed('put'),
      patch: relayed('patch'),
      delete: relayed('delete'),
      head: refused,
      options: refused,
    },
  })
  @All(`${SITE_API.relayPrefix}/*path`)
  async relay(
    @Req() req: Request,
    @Res() res: Response,
    @ValidQuery(relayQuerySchema) query: z.output<typeof relayQuerySchema>,
  ): Promise<void> {
    if (!RELAYED_METHODS.includes(req.method.toUpperCase())) {
      res.setHeader('Allow', RELAYED_METHODS.join(', '));
      throw SiteError.methodNotAllowed();
    }
    const caller = await this.siteAuth.authenticate(req.header(SITE_TOKEN_HEADER));
    const body: unknown = req.method === 'GET' ? undefined : req.body;
    if (nestsDeeperThan(body, RELAY_BODY_MAX_DEPTH)) {
      throw SiteError.invalid(RELAY_TEXT.bodyTooDeep);
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
    const reply = await this.relays.relay(caller, { company: query.c, store: query.s }, request);
    res.status(reply.status).json(reply.body ?? null);
  }
}
