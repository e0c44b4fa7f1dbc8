import { z } from 'zod';
import { withNameRule } from '../media-names';
import { wholeNumberSchema } from './common.schema';
import { COMPANY_REMOVAL_TEXT } from '../texts';
import { API } from '../routes';

/** Paths of the company and store calls (spec §7; the spec leaves the integration paths open). */
export const COMPANY_API = {
  companies: '/portalconfig/companies',
  retailStores: '/portalconfig/retailstores',
  companiesForUser: '/portalconfig/companiesforuser',
  integrationCompanies: '/portalconfig/integrationcompanies',
  updateIntegrationCompanies: '/portalconfig/updateintegrationcompanies',
  integrationCompany: '/portalconfig/integrationcompany',
  allStoresStatus: '/portal/allstoresstatus',
  storeStatus: API.storeStatus,
} as const;

/**
 * Companies and stores (spec §3 Company, Store; DESIGN §3). Passwords go from the portal to the
 * cloud only: what the cloud hands out says whether one is set, never what it is.
 */

/** GET /portalconfig/companies: the store cloud's master data. */
export const cloudCompanySchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
});
export const cloudCompanyListSchema = z.array(cloudCompanySchema);

/** GET /portalconfig/retailstores. */
export const retailStoreSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  companyId: z.number().int(),
  isActive: z.boolean(),
});
export const retailStoreListSchema = z.array(retailStoreSchema);

/** Site credentials as the cloud shows them. */
export const credentialsViewSchema = z.object({
  username: z.string(),
  passwordSet: z.boolean(),
});

/** Site credentials as the portal sends them: an empty or missing password keeps the stored one. */
export const credentialsInputSchema = z.object({
  username: z.string().trim().max(200),
  password: z.string().max(200).optional(),
});

/** Ids the store's own systems use, when they differ from the cloud's (spec §3 installed). */
export const installedIdsSchema = z.object({
  companyId: z.number().int().nonnegative().optional(),
  storeId: z.number().int().nonnegative().optional(),
});

export const integrationStoreSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  companyId: z.number().int(),
  isActive: z.boolean(),
  installed: installedIdsSchema.optional(),
  enterprise: z.object({ companyId: z.number().int() }).optional(),
  evobos: credentialsViewSchema.optional(),
});

/** A company connected to the platform (GET /portalconfig/integrationcompanies). */
export const integrationCompanySchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  evobos: credentialsViewSchema.optional(),
  stores: z.array(integrationStoreSchema),
  mediaFileLimit: z.number().int(),
  tagLimit: z.number().int(),
});
export const integrationCompanyListSchema = z.array(integrationCompanySchema);

/** POST /portalconfig/integrationcompanies: the whole list of connected companies. */
export const saveIntegrationCompaniesSchema = z.object({
  companies: z
    .array(cloudCompanySchema.extend({ companyName: withNameRule(z.string(), 'company name') }))
    .min(1, COMPANY_REMOVAL_TEXT.emptyList)
    .max(10_000),
  /**
   * Companies whose removal the user confirmed although they have a media folder, schedules or
   * stored credentials; without it such a removal answers 409 CONFIRMATION_REQUIRED.
   */
  confirmRemoval: z.array(z.number().int().positive()).max(10_000).optional(),
});

/** POST /portalconfig/integrationcompany: one company's credentials and installed ids. */
export const saveIntegrationStoreSchema = z.object({
  storeId: z.number().int().nonnegative(),
  installed: installedIdsSchema.optional(),
  enterprise: z.object({ companyId: z.number().int().optional() }).optional(),
  evobos: credentialsInputSchema.optional(),
});
export const saveIntegrationCompanySchema = z.object({
  companyId: z.number().int(),
  evobos: credentialsInputSchema.optional(),
  stores: z.array(saveIntegrationStoreSchema).max(100_000),
});

/** POST /portalconfig/updateintegrationcompanies: the new active stores found per company. */
export const updateIntegrationCompaniesResultSchema = z.object({
  added: z.array(z.object({ companyId: z.number().int(), storeIds: z.array(z.number().int()) })),
});

/** A store on Home: master data plus its live status (spec §4) and tentacle version. */
export const portalStoreSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  companyId: z.number().int(),
  status: z.number().int(),
  tentacleVersion: z.string().optional(),
  /** The store id the store's own systems use, when set (spec §3 installed; the function frame). */
  installedStoreId: z.number().int().optional(),
});
export const portalCompanySchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  stores: z.array(portalStoreSchema),
});
/** GET /portalconfig/companiesforuser. */
export const portalCompanyListSchema = z.array(portalCompanySchema);

/** GET /portal/allstoresstatus: one entry per store the caller may see. */
export const storeStatusSchema = z.object({
  companyId: z.number().int(),
  storeId: z.number().int(),
  status: z.number().int(),
  tentacleVersion: z.string().optional(),
  /**
   * Only in GET /portal/allstoresstatus (a caller with access to the store): who holds the open
   * portal connection (status connected) and since when (ISO time).
   */
  connectedBy: z.string().optional(),
  connectedSince: z.string().optional(),
});
export const storeStatusListSchema = z.array(storeStatusSchema);

/** GET /storestatus?c=&s= (no token). */
export const storeStatusQuerySchema = z.object({
  c: wholeNumberSchema,
  s: wholeNumberSchema,
});

export type CloudCompany = z.infer<typeof cloudCompanySchema>;
export type RetailStore = z.infer<typeof retailStoreSchema>;
export type CredentialsView = z.infer<typeof credentialsViewSchema>;
export type CredentialsInput = z.infer<typeof credentialsInputSchema>;
export type IntegrationStore = z.infer<typeof integrationStoreSchema>;
export type IntegrationCompany = z.infer<typeof integrationCompanySchema>;
export type SaveIntegrationCompanies = z.infer<typeof saveIntegrationCompaniesSchema>;
export type SaveIntegrationStore = z.infer<typeof saveIntegrationStoreSchema>;
export type SaveIntegrationCompany = z.infer<typeof saveIntegrationCompanySchema>;
export type UpdateIntegrationCompaniesResult = z.infer<
  typeof updateIntegrationCompaniesResultSchema
>;
export type PortalStore = z.infer<typeof portalStoreSchema>;
export type PortalCompany = z.infer<typeof portalCompanySchema>;
export type StoreStatus = z.infer<typeof storeStatusSchema>;
