import { Injectable } from '@nestjs/common';
import { DAYPART_TEXT, isTimeZone } from '@store-cloud/contracts';
import type { StoredIntegrationCompany } from '../companies';
import { MasterDataRepository } from '../master-data';
import { MediaError } from './media.errors';

/** Where master data names no time zone at all. */
export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * The time zone a tag's repeating schedules are read in (dayparting): that of the stores carrying
 * the tag, each store's own from master data or else its company's default (UTC when neither is
 * set). A tag with no stores takes the company's default; stores in different zones are refused,
 * since one tag folder cannot follow two clocks.
 */
@Injectable()
export class TagTimeZone {
  constructor(private readonly masterData: MasterDataRepository) {}

  async of(company: StoredIntegrationCompany, tag: string): Promise<string> {
    const zones = await this.masterData.timeZones(company.companyId);
    const companyZone = zones.company ?? DEFAULT_TIME_ZONE;
    const storeZones = new Set(
      company.stores
        .filter((s) => (s.tags ?? []).includes(tag))
        .map((s) => zones.stores.get(s.storeId) ?? companyZone),
    );
    if (storeZones.size > 1)
      throw MediaError.invalid(DAYPART_TEXT.mixedTimeZones(tag, [...storeZones].sort()));
    const zone = [...storeZones][0] ?? companyZone;
    if (!isTimeZone(zone)) throw MediaError.invalid(DAYPART_TEXT.unknownTimeZone(zone));
    return zone;
  }
}
