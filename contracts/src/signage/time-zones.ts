import { z } from 'zod';
import { isTimeZone } from '../alerts/rules';

/**
 * Store time zones (issue 32 item 2): a repeating schedule runs in the time zone of its tag's
 * stores, each store's own from master data or else its company's default, UTC when neither is
 * set. The Companies screen shows and sets a company's default; the store page shows the zone
 * its schedules use.
 */
export const TIME_ZONE_API = {
  company: '/portal/timezones/company',
  store: '/portal/timezones/store',
} as const;

/** Where master data names no time zone at all. */
export const FALLBACK_TIME_ZONE = 'UTC';

export const TIME_ZONE_TEXT = {
  companyDefault: 'Default time zone of the stores',
  companyHelp:
    "Repeating schedules (dayparting) run in a store's own time zone, else in this one (UTC when empty). An IANA name such as Europe/Oslo.",
  save: 'Save time zone',
  saved: 'Time zone saved',
  invalid: 'must be a time zone such as Europe/Oslo',
  noCompany: 'The company has no master data record',
  storeZone: (zone: string) => `Schedules run in ${zone}`,
  source: {
    store: "the store's own time zone",
    company: "the company's default time zone",
    default: 'no time zone is set for the store or its company',
  },
} as const;

const id = z.coerce.number().int().min(0);
export const companyTimeZoneQuerySchema = z.object({ companyId: id });
/** PUT: an IANA name, or '' to clear the default (UTC). */
export const saveCompanyTimeZoneSchema = z.object({
  companyId: z.number().int().min(0),
  timeZone: z
    .string()
    .trim()
    .max(100)
    .refine((zone) => zone === '' || isTimeZone(zone), TIME_ZONE_TEXT.invalid),
});
export type SaveCompanyTimeZone = z.infer<typeof saveCompanyTimeZoneSchema>;
export const companyTimeZoneSchema = z.object({
  companyId: z.number().int(),
  timeZone: z.string().nullable(),
});
export type CompanyTimeZone = z.infer<typeof companyTimeZoneSchema>;

export const storeTimeZoneQuerySchema = z.object({ companyId: id, storeId: id });
export const TIME_ZONE_SOURCES = ['store', 'company', 'default'] as const;
export const storeTimeZoneSchema = z.object({
  companyId: z.number().int(),
  storeId: z.number().int(),
  timeZone: z.string(),
  source: z.enum(TIME_ZONE_SOURCES),
});
export type StoreTimeZone = z.infer<typeof storeTimeZoneSchema>;
