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
} from '@store-cloud/contracts';
import type { z } from 'zod';
import { AllowDuringMfaEnrolment } from '../../common/auth/mfa-enrolment.guard';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { Public } from '../../common/auth/public.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ForbiddenError } from '@store-cloud/node-kit';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { SessionsService } from '../sessions/sessions.service';
import { MessageQueueService } from './message-queue.service';
import { SitesService } from './sites.service';

/** Connecting to a store and the Status screen (spec §7 /portal/site*, systemstatus, queue). */
@Controller()
export class SitesController {
  constructor(
    private readonly sites: SitesService,
    private readonly queue: MessageQueueService,
    private readonly sessions: SessionsService,
  ) {}

  @RequireAccess('body', siteRefSchema, { store: (b) => b })
  @Post(SITE_API.siteConnect)
  @HttpCode(200)
  connect(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(siteRefSchema) body: SiteRef,
  ): Promise<SiteResult> {
    return this.sites.connect(user, body);
  }

  @RequireAccess('body', siteLoginSchema, { store: (b) => b })
  @Post(SITE_API.siteLogin)
  @HttpCode(200)
  login(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(siteLoginSchema) body: SiteLogin,
  ): Promise<SiteLoginResult> {
    return this.sites.login(user, body);
  }

  /** Leaving needs no @RequireAccess: it closes only the caller's own connection, if any. */
  @Post(SITE_API.siteLogout)
  @HttpCode(200)
  logout(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(siteRefSchema) body: SiteRef,
  ): Promise<SiteResult> {
    return this.sites.logout(user, body);
  }

  /** Logout: leaves the store c, s if given, then ends the calling session (issue 23). */
  @AllowDuringMfaEnrolment()
  @Get(SITE_API.portalLogout)
  async portalLogout(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(portalLogoutQuerySchema) { c, s }: z.output<typeof portalLogoutQuerySchema>,
  ): Promise<SiteResult> {
    const left =
      c !== undefined && s !== undefined
        ? await this.sites.logout(user, { company: c, store: s })
        : { success: true };
    await this.sessions.endCurrent(user);
    return left;
  }

  /** The Status screen closes any connection of the caller's companies, whoever holds it. */
  @RequireEntry('status')
  @RequireAccess('body', siteRefSchema, { company: (b) => b.company })
  @Post(SITE_API.closeSiteConnection)
  @HttpCode(200)
  close(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(siteRefSchema) body: SiteRef,
  ): Promise<SiteResult> {
    return this.sites.closeConnection(user, body);
  }

  @RequireEntry('status')
  @Get(SITE_API.connectionsList)
  connections(@CurrentUser() user: AuthenticatedUser): Promise<PortalConnection[]> {
    return this.sites.listConnections(user);
  }

  @RequireEntry('status')
  @Get(SITE_API.systemStatus)
  systemStatus(@CurrentUser() user: AuthenticatedUser): Promise<SystemStatus> {
    return this.sites.systemStatus(user);
  }

  /** A company-limited administrator sees the held messages of its own companies only. */
  @RequireEntry('status')
  @Get(SITE_API.messageQueue)
  async messageQueue(@CurrentUser() user: AuthenticatedUser): Promise<MessageQueueItem[]> {
    return (await this.queue.list()).filter((item) =>
      hasCompanyInScope(user, Number(new URLSearchParams(item.query).get('c'))),
    );
  }

  /** Clearing drops every company's held messages: for administrators with access to all. */
  @RequireEntry('status')
  @Delete(SITE_API.messageQueue)
  async clearMessageQueue(@CurrentUser() user: AuthenticatedUser): Promise<SiteResult> {
    if (!user.access.all)
      throw new ForbiddenError('Only an administrator with access to all companies may clear it');
    await this.queue.clear();
    return { success: true };
  }

  /** Public: the token is the proof. The back-office apps check the token of their address. */
  @Public()
  @Get(SITE_API.siteTokenInfo)
  tokenInfo(
    @ValidQuery(siteTokenInfoQuerySchema)
    { token, peek }: z.output<typeof siteTokenInfoQuerySchema>,
  ): Promise<SiteTokenInfo> {
    return this.sites.tokenInfo(token, { peek: peek === 'true' });
  }
}
