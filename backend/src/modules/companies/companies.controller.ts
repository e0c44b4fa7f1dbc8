import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  BOS_VERSIONS,
  type BosToUse,
  bosToUse,
  bosVersionQuerySchema,
  type BosVersions,
  type CloudCompany,
  type IntegrationCompany,
  type PortalCompany,
  type RetailStore,
  type SaveIntegrationCompanies,
  type SaveIntegrationCompany,
  saveIntegrationCompaniesSchema,
  saveIntegrationCompanySchema,
  type StoreStatus,
  storeStatusQuerySchema,
  type UpdateIntegrationCompaniesResult,
  API,
  BOS_API,
  CACHE_CONTROL,
  COMPANY_API,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { Public } from '../../common/auth/public.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { CompaniesService } from './companies.service';

@Controller()
export class PortalConfigCompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @RequireEntry('companies')
  @Get(COMPANY_API.companies)
  cloudCompanies(@CurrentUser() user: AuthenticatedUser): Promise<CloudCompany[]> {
    return this.companies.cloudCompaniesFor(user);
  }

  @RequireEntry('companies')
  @Get(COMPANY_API.retailStores)
  retailStores(@CurrentUser() user: AuthenticatedUser): Promise<RetailStore[]> {
    return this.companies.retailStoresFor(user);
  }

  // Home (open to every user): named so an API token with the home scope reaches it.
  @RequireEntry('home')
  @Get(COMPANY_API.companiesForUser)
  companiesForUser(@CurrentUser() user: AuthenticatedUser): Promise<PortalCompany[]> {
    return this.companies.companiesForUser(user);
  }

  @RequireEntry('companies')
  @Get(COMPANY_API.integrationCompanies)
  integrationCompanies(@CurrentUser() user: AuthenticatedUser): Promise<IntegrationCompany[]> {
    return this.companies.integrationCompanies(user);
  }

  @RequireEntry('companies')
  @RequireAccess('body', saveIntegrationCompaniesSchema, {
    company: (b) => b.companies.map((c) => c.companyId),
  })
  @Post(COMPANY_API.integrationCompanies)
  @HttpCode(200)
  saveIntegrationCompanies(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(saveIntegrationCompaniesSchema) body: SaveIntegrationCompanies,
  ): Promise<IntegrationCompany[]> {
    return this.companies.saveIntegrationCompanies(user, body);
  }

  @RequireEntry('companies')
  @Post(COMPANY_API.updateIntegrationCompanies)
  @HttpCode(200)
  updateIntegrationCompanies(
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<UpdateIntegrationCompaniesResult> {
    return this.companies.updateIntegrationCompanies(user);
  }

  /** Which evoBOS a site's serving service version needs (contracts/src/bos.ts). */
  @Get(BOS_API.bosVersion)
  bosVersion(@ValidQuery(bosVersionQuerySchema) query: { evoserv: string }): BosToUse {
    return { bosToUse: bosToUse(query.evoserv) };
  }

  @Get(BOS_API.bosVersions)
  bosVersions(): BosVersions {
    return { ...BOS_VERSIONS };
  }

  @RequireEntry('companies')
  @RequireAccess('body', saveIntegrationCompanySchema, { company: (b) => b.companyId })
  @Post(COMPANY_API.integrationCompany)
  @HttpCode(200)
  saveIntegrationCompany(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(saveIntegrationCompanySchema) body: SaveIntegrationCompany,
  ): Promise<IntegrationCompany> {
    return this.companies.saveIntegrationCompany(user, body);
  }
}

@Controller()
export class StoreStatusController {
  constructor(private readonly companies: CompaniesService) {}

  /**
   * Sent as the service keeps it (StatusAnswers): no serialization, hashing or compression per
   * call; gzipped to a client that takes it.
   */
  @RequireEntry('home')
  @Get(COMPANY_API.allStoresStatus)
  async allStoresStatus(
    @CurrentUser() user: AuthenticatedUser,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.companies.allStoresStatusJson(user);
    res.type('json').setHeader('ETag', answer.etag);
    // Private, and revalidated with the tag each time (the default no-store would drop the tag).
    res.setHeader('Cache-Control', CACHE_CONTROL.privateRevalidate);
    res.vary('Accept-Encoding');
    const gzipped = req.acceptsEncodings('gzip') === 'gzip' ? answer.gzip() : undefined;
    if (!gzipped) return void res.send(answer.json);
    res.setHeader('Content-Encoding', 'gzip');
    res.send(await gzipped);
  }

  /** Public (spec §7): a store's status only, nothing about who may open it. */
  @Public()
  @Get(API.storeStatus)
  storeStatus(
    @ValidQuery(storeStatusQuerySchema) query: { c: number; s: number },
  ): Promise<StoreStatus> {
    return this.companies.storeStatus(query.c, query.s);
  }
}
