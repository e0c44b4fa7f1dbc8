import { z } from 'zod';

/**
 * A fleet of stores as the router simulator runs it and as the backend's demo master data
 * describes it: one fixture feeds both, so they always match.
 */
export const serviceVersionsSchema = z.object({
  serving: z.string(),
  deal: z.string(),
  booking: z.string(),
  pump: z.string(),
  router: z.string(),
  tentacle: z.string(),
});

export const fleetStoreSchema = z.object({
  storeId: z.number().int().positive(),
  storeName: z.string().min(1),
  isActive: z.boolean().default(true),
  versions: serviceVersionsSchema,
  poleSignBrand: z.string().default(''),
  /**
   * Workstation ids; the type is the id without its trailing number ('POS2' is a POS, 'KIOSK1' a
   * KIOSK), see workstationTypeOf.
   */
  workstations: z.array(z.string()).default([]),
  /** The store router's own site login (what the portal's site login is checked against). */
  siteCredentials: z.object({ username: z.string(), password: z.string() }),
});

export const fleetCompanySchema = z.object({
  companyId: z.number().int().positive(),
  companyName: z.string().min(1),
  stores: z.array(fleetStoreSchema),
});

export const fleetSchema = z.object({ companies: z.array(fleetCompanySchema) });

export type ServiceVersions = z.infer<typeof serviceVersionsSchema>;
export type FleetStore = z.infer<typeof fleetStoreSchema>;
export type FleetCompany = z.infer<typeof fleetCompanySchema>;
export type Fleet = z.infer<typeof fleetSchema>;

/** The type of a fleet workstation id: the id without its trailing number. */
export const workstationTypeOf = (id: string) => id.replace(/\d+$/, '') || id;
