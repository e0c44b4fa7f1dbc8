import { Controller, Get, HttpCode, Put } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  type CompanyTimeZone,
  companyTimeZoneQuerySchema,
  companyTimeZoneSchema,
  ERROR_CODE,
  FALLBACK_TIME_ZONE,
  type SaveCompanyTimeZone,
  saveCompanyTimeZoneSchema,
  type StoreTimeZone,
  storeTimeZoneQuerySchema,
  storeTimeZoneSchema,
  TIME_ZONE_API,
  TIME_ZONE_TEXT,
} from '@store-cloud/contracts';
import { CodedError } from '@store-cloud/node-kit';
import type { Model } from 'mongoose';
import type { z } from 'zod';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { MasterDataRepository } from './master-data.repository';
import { CloudCompanyDoc } from './schemas/cloud-company.schema';

type CompanyQuery = z.output<typeof companyTimeZoneQuerySchema>;
type StoreQuery = z.output<typeof storeTimeZoneQuerySchema>;

/**
 * Store time zones (issue 32 item 2): a company's default as master data keeps it, shown and set
 * on the Companies screen; a store's effective zone (its own, else its company's, else UTC), the
 * one its repeating schedules run in, shown on its page.
 */
@Controller()
export class TimeZonesController {
  constructor(
    private readonly masterData: MasterDataRepository,
    @InjectModel(CloudCompanyDoc.name) private readonly companies: Model<CloudCompanyDoc>,
  ) {}

  @RequireEntry('companies')
  @RequireAccess('query', companyTimeZoneQuerySchema, { company: (q) => q.companyId })
  @ApiDoc({
    tag: 'companies',
    summary: "A company's default time zone",
    answers: ok(companyTimeZoneSchema, 'The default, null when unset (UTC)'),
    errors: [403],
  })
  @Get(TIME_ZONE_API.company)
  async company(@ValidQuery(companyTimeZoneQuerySchema) q: CompanyQuery): Promise<CompanyTimeZone> {
    const zones = await this.masterData.timeZones(q.companyId);
    return { companyId: q.companyId, timeZone: zones.company ?? null };
  }

  @RequireEntry('companies')
  @RequireAccess('body', saveCompanyTimeZoneSchema, { company: (b) => b.companyId })
  @ApiDoc({
    tag: 'companies',
    summary: "Set a company's default time zone ('' clears it)",
    answers: ok(companyTimeZoneSchema, 'The default as saved'),
    errors: [400, 403, 404],
  })
  @Put(TIME_ZONE_API.company)
  @HttpCode(200)
  async save(
    @ValidBody(saveCompanyTimeZoneSchema) body: SaveCompanyTimeZone,
  ): Promise<CompanyTimeZone> {
    const update = body.timeZone
      ? { $set: { timeZone: body.timeZone } }
      : { $unset: { timeZone: '' } };
    const { matchedCount } = await this.companies
      .updateOne({ companyId: body.companyId }, update)
      .exec();
    if (!matchedCount) throw new CodedError(ERROR_CODE.notFound, TIME_ZONE_TEXT.noCompany);
    return { companyId: body.companyId, timeZone: body.timeZone || null };
  }

  @RequireEntry('home')
  @RequireAccess('query', storeTimeZoneQuerySchema, {
    store: (q) => ({ company: q.companyId, store: q.storeId }),
  })
  @ApiDoc({
    tag: 'companies',
    summary: "The time zone a store's repeating schedules run in, and where it comes from",
    answers: ok(storeTimeZoneSchema, 'The effective time zone'),
    errors: [403],
  })
  @Get(TIME_ZONE_API.store)
  async store(@ValidQuery(storeTimeZoneQuerySchema) q: StoreQuery): Promise<StoreTimeZone> {
    const zones = await this.masterData.timeZones(q.companyId);
    const own = zones.stores.get(q.storeId);
    const base = { companyId: q.companyId, storeId: q.storeId };
    if (own) return { ...base, timeZone: own, source: 'store' };
    if (zones.company) return { ...base, timeZone: zones.company, source: 'company' };
    return { ...base, timeZone: FALLBACK_TIME_ZONE, source: 'default' };
  }
}
