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
  cloudCompanyListSchema,
  retailStoreListSchema,
  portalCompanyListSchema,
  integrationCompanyListSchema,
  updateIntegrationCompaniesResultSchema,
  bosToUseSchema,
  bosVersionsSchema,
  integrationCompanySchema,
  storeStatusListSchema,
  storeStatusSchema,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { Public } from '../../common/auth/public.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { CompaniesService } from './companies.service';
import { CompanyListsService } from './company-lists.service';
import { StoreStatusService } from './store-status.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

@Controller()
export class PortalConfigCompaniesController {
  constructor(
    private readonly lists: CompanyListsService,
    private readonly companies: CompaniesService,
  ) {}

  @RequireEntry('companies')
  @ApiDoc({
    tag: 'companies',
    summary: "The store cloud's companies (master data)",
    answers: ok(cloudCompanyListSchema, 'The companies'),
    errors: [403],
  })
  @Get(COMPANY_API.companies)
  cloudCompanies(@CurrentUser() user: AuthenticatedUser): Promise<CloudCompany[]> {
    return this.lists.cloudCompaniesFor(user);
  }

  @RequireEntry('companies')
  @ApiDoc({
    tag: 'companies',
    summary: "The store cloud's stores (master data)",
    answers: ok(retailStoreListSchema, 'The stores'),
    errors: [403],
  })
  @Get(COMPANY_API.retailStores)
  retailStores(@CurrentUser() user: AuthenticatedUser): Promise<RetailStore[]> {
    return this.lists.retailStoresFor(user);
  }

  // Home (open to every user): named so an API token with the home scope reaches it.
  @RequireEntry('home')
  @ApiDoc({
    tag: 'companies',
    summary: 'The companies and stores the caller may reach',
    answers: ok(portalCompanyListSchema, 'The companies with their stores'),
  })
  @Get(COMPANY_API.companiesForUser)
  companiesForUser(@CurrentUser() user: AuthenticatedUser): Promise<PortalCompany[]> {
    return this.lists.companiesForUser(user);
  }

  @RequireEntry('companies')
  @ApiDoc({
    tag: 'companies',
    summary: 'The companies set up on the platform',
    answers: ok(integrationCompanyListSchema, 'The companies'),
    errors: [403],
  })
  @Get(COMPANY_API.integrationCompanies)
  integrationCompanies(@CurrentUser() user: AuthenticatedUser): Promise<IntegrationCompany[]> {
    return this.lists.integrationCompanies(user);
  }

  @RequireEntry('companies')
  @RequireAccess('body', saveIntegrationCompaniesSchema, {
    company: (b) => b.companies.map((c) => c.companyId),
  })
  @ApiDoc({
    tag: 'companies',
    summary: 'Save the set-up companies',
    answers: ok(integrationCompanyListSchema, 'The companies as saved'),
    errors: [403, 409],
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
  @ApiDoc({
    tag: 'companies',
    summary: 'Refresh the set-up companies from the master data',
    answers: ok(updateIntegrationCompaniesResultSchema, 'What changed'),
    errors: [403],
  })
  @Post(COMPANY_API.updateIntegrationCompanies)
  @HttpCode(200)
  updateIntegrationCompanies(
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<UpdateIntegrationCompaniesResult> {
    return this.companies.updateIntegrationCompanies(user);
  }

  /** Which evoBOS a site's serving service version needs (contracts/src/bos.ts). */
  @ApiDoc({
    tag: 'companies',
    summary: "Which evoBOS a store's serving service version needs",
    answers: ok(bosToUseSchema, 'The evoBOS number (0: none)'),
  })
  @Get(BOS_API.bosVersion)
  bosVersion(@ValidQuery(bosVersionQuerySchema) query: { evoserv: string }): BosToUse {
    return { bosToUse: bosToUse(query.evoserv) };
  }

  @ApiDoc({
    tag: 'companies',
    summary: 'The versions of evoBOS 1, 2 and 3',
    answers: ok(bosVersionsSchema, 'The versions'),
  })
  @Get(BOS_API.bosVersions)
  bosVersions(): BosVersions {
    return { ...BOS_VERSIONS };
  }

  @RequireEntry('companies')
  @RequireAccess('body', saveIntegrationCompanySchema, { company: (b) => b.companyId })
  @ApiDoc({
    tag: 'companies',
    summary: 'Save one set-up company with its stores',
    answers: ok(integrationCompanySchema, 'The company as saved'),
    errors: [403, 404, 409],
  })
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
  constructor(private readonly status: StoreStatusService) {}

  /**
   * Sent as the service keeps it (StatusAnswers): no serialization, hashing or compression per
   * call; in brotli or gzip, as kept, to a client that takes it; 304 to one that has it.
   */
  @RequireEntry('home')
  @ApiDoc({
    tag: 'companies',
    summary: 'Online state of every store the caller may reach',
    answers: [
      ...ok(storeStatusListSchema, 'The stores (with an ETag)'),
      { status: 304, description: 'Not modified: If-None-Match names the current ETag; no body' },
    ],
  })
  @Get(COMPANY_API.allStoresStatus)
  async allStoresStatus(
    @CurrentUser() user: AuthenticatedUser,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.status.allStoresStatusJson(user);
    res.type('json').setHeader('ETag', answer.etag);
    // Private, and revalidated with the tag each time (the default no-store would drop the tag).
    res.setHeader('Cache-Control', CACHE_CONTROL.privateRevalidate);
    res.vary('Accept-Encoding');
    if (req.fresh) return void res.status(304).end();
    const coded = answer.encoded((encoding) => req.acceptsEncodings(encoding) === encoding);
    if (!coded) return void res.send(answer.body);
    // Made in the thread pool as the answer was built; only the first callers may wait for it.
    const bytes = await coded.bytes;
    res.setHeader('Content-Encoding', coded.encoding);
    res.send(bytes);
  }

  /** Public (spec §7): a store's status only, nothing about who may open it. */
  @Public()
  @ApiDoc({
    tag: 'companies',
    summary: 'Online state of one store',
    answers: ok(storeStatusSchema, 'The store'),
    errors: [404],
  })
  @Get(API.storeStatus)
  storeStatus(
    @ValidQuery(storeStatusQuerySchema) query: { c: number; s: number },
  ): Promise<StoreStatus> {
    return this.status.storeStatus(query.c, query.s);
  }
}
