import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import {
  hasCompanyInScope,
  type MessageQueueItem,
  type PortalConnection,
  SITE_API,
  type SiteLogin,
  type SiteLoginResult,
  type SiteRef,
  type SiteResult,
  type SiteTokenInfo,
  type SystemStatus,
  siteLoginSchema,
  portalLogoutQuerySchema,
  siteRefSchema,
  siteTokenInfoQuerySchema,
  siteResultSchema,
  siteLoginResultSchema,
  connectionsListSchema,
  systemStatusSchema,
  messageQueueSchema,
  siteTokenInfoSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import { AllowDuringMfaEnrolment } from '../../common/auth/mfa-enrolment.guard';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { Public } from '../../common/auth/public.decorator';
import { RequireAccess, RequireAllCompanies } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { SessionsService } from '../sessions';
import { MessageQueueService } from './message-queue.service';
import { SiteAuthService } from './site-auth.service';
import { SiteConnectionsService } from './site-connections.service';
import { SiteLoginService } from './site-login.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

/** Connecting to a store and the Status screen (spec §7 /portal/site*, systemstatus, queue). */
@Controller()
export class SitesController {
  constructor(
    private readonly siteConnections: SiteConnectionsService,
    private readonly siteLogin: SiteLoginService,
    private readonly siteAuth: SiteAuthService,
    private readonly queue: MessageQueueService,
    private readonly sessions: SessionsService,
  ) {}

  @RequireAccess('body', siteRefSchema, { store: (b) => b })
  @ApiDoc({
    tag: 'sites',
    summary: 'Open a connection to a store',
    answers: ok(siteResultSchema),
    errors: [403, 409, 504],
  })
  @Post(SITE_API.siteConnect)
  @HttpCode(200)
  connect(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(siteRefSchema) body: SiteRef,
  ): Promise<SiteResult> {
    return this.siteConnections.connect(user, body);
  }

  @RequireAccess('body', siteLoginSchema, { store: (b) => b })
  @ApiDoc({
    tag: 'sites',
    summary: 'Log in to a connected store; answers a site token',
    answers: ok(siteLoginResultSchema, 'The site token'),
    errors: [403, 409, 502, 504],
  })
  @Post(SITE_API.siteLogin)
  @HttpCode(200)
  login(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(siteLoginSchema) body: SiteLogin,
  ): Promise<SiteLoginResult> {
    return this.siteLogin.login(user, body);
  }

  /** Leaving needs no @RequireAccess: it closes only the caller's own connection, if any. */
  @ApiDoc({
    tag: 'sites',
    summary: 'Leave a store',
    answers: ok(siteResultSchema),
    errors: [403],
  })
  @Post(SITE_API.siteLogout)
  @HttpCode(200)
  logout(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(siteRefSchema) body: SiteRef,
  ): Promise<SiteResult> {
    return this.siteConnections.logout(user, body);
  }

  /** Logout: leaves the store c, s if given, then ends the calling session (issue 23). */
  @AllowDuringMfaEnrolment()
  @ApiDoc({
    tag: 'sites',
    summary: 'Log out: end the calling session, and leave the store c, s if given',
    answers: ok(siteResultSchema),
    errors: [403],
  })
  @Get(SITE_API.portalLogout)
  async portalLogout(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(portalLogoutQuerySchema) { c, s }: z.output<typeof portalLogoutQuerySchema>,
  ): Promise<SiteResult> {
    const left =
      c !== undefined && s !== undefined
        ? await this.siteConnections.logout(user, { company: c, store: s })
        : { success: true };
    await this.sessions.endCurrent(user);
    return left;
  }

  /** The Status screen closes any connection of the caller's companies, whoever holds it. */
  @RequireEntry('status')
  @RequireAccess('body', siteRefSchema, { company: (b) => b.company })
  @ApiDoc({
    tag: 'sites',
    summary: "Close another portal's connection to a store",
    answers: ok(siteResultSchema),
    errors: [403],
  })
  @Post(SITE_API.closeSiteConnection)
  @HttpCode(200)
  close(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(siteRefSchema) body: SiteRef,
  ): Promise<SiteResult> {
    return this.siteConnections.closeConnection(user, body);
  }

  @RequireEntry('status')
  @ApiDoc({
    tag: 'sites',
    summary: 'Open store connections',
    answers: ok(connectionsListSchema, 'The connections'),
    errors: [403],
  })
  @Get(SITE_API.connectionsList)
  connections(@CurrentUser() user: AuthenticatedUser): Promise<PortalConnection[]> {
    return this.siteConnections.listConnections(user);
  }

  @RequireEntry('status')
  @ApiDoc({
    tag: 'sites',
    summary: 'Pending store logins and the message queue',
    answers: ok(systemStatusSchema, 'The status'),
    errors: [403],
  })
  @Get(SITE_API.systemStatus)
  systemStatus(@CurrentUser() user: AuthenticatedUser): Promise<SystemStatus> {
    return this.siteConnections.systemStatus(user);
  }

  /** A company-limited administrator sees the held messages of its own companies only. */
  @RequireEntry('status')
  @ApiDoc({
    tag: 'sites',
    summary: 'Messages held for offline stores',
    answers: ok(messageQueueSchema, 'The held messages'),
    errors: [403],
  })
  @Get(SITE_API.messageQueue)
  async messageQueue(@CurrentUser() user: AuthenticatedUser): Promise<MessageQueueItem[]> {
    return (await this.queue.list()).filter((item) =>
      hasCompanyInScope(user, Number(new URLSearchParams(item.query).get('c'))),
    );
  }

  /** Clearing drops every company's held messages: for administrators with access to all. */
  @RequireAllCompanies('Only an administrator with access to all companies may clear it')
  @RequireEntry('status')
  @ApiDoc({
    tag: 'sites',
    summary: 'Drop every held message',
    answers: ok(siteResultSchema),
    errors: [403],
  })
  @Delete(SITE_API.messageQueue)
  async clearMessageQueue(): Promise<SiteResult> {
    await this.queue.clear();
    return { success: true };
  }

  /** Public: the token is the proof. The back-office apps check the token of their address. */
  @Public()
  @ApiDoc({
    tag: 'sites',
    summary: 'Who a site token belongs to (the token is the proof)',
    description: 'The token travels in the query; request logs blank it.',
    answers: ok(siteTokenInfoSchema, 'The user and store of the token'),
    errors: [401],
  })
  @Get(SITE_API.siteTokenInfo)
  tokenInfo(
    @ValidQuery(siteTokenInfoQuerySchema)
    { token, peek }: z.output<typeof siteTokenInfoQuerySchema>,
  ): Promise<SiteTokenInfo> {
    return this.siteAuth.tokenInfo(token, { peek: peek === 'true' });
  }
}
