import { POLESIGN_BRANDS } from '../messaging/messaging';
import type { Fleet, FleetCompany, FleetStore, ServiceVersions } from './fleet.schema';

/**
 * A fleet of any size for load runs, the same for the same sizes on every machine, so the
 * simulator and the backend's seed (or a bench) can each build it and agree on every id.
 * Company ids start at SYNTHETIC_COMPANY_ID_BASE + 1, clear of the demo fleet's ids.
 */
export const SYNTHETIC_COMPANY_ID_BASE = 10_000;
export const SYNTHETIC_FLEET_LIMITS = {
  companies: 10_000,
  storesPerCompany: 1_000,
  stores: 100_000,
} as const;

export interface FleetSize {
  companies: number;
  storesPerCompany: number;
}

/** Which part of a size cannot be generated (the total: their product) and why. */
export interface FleetSizeIssue {
  field: keyof FleetSize | 'total';
  message: string;
}

/** Why a size cannot be generated, or undefined when it can. */
export function fleetSizeIssue({
  companies,
  storesPerCompany,
}: FleetSize): FleetSizeIssue | undefined {
  const {
    companies: maxCompanies,
    storesPerCompany: maxStores,
    stores: maxTotal,
  } = SYNTHETIC_FLEET_LIMITS;
  if (!Number.isInteger(companies) || companies < 1 || companies > maxCompanies) {
    return {
      field: 'companies',
      message: `companies must be a whole number from 1 to ${maxCompanies}`,
    };
  }
  if (!Number.isInteger(storesPerCompany) || storesPerCompany < 1 || storesPerCompany > maxStores) {
    return {
      field: 'storesPerCompany',
      message: `stores per company must be a whole number from 1 to ${maxStores}`,
    };
  }
  if (companies * storesPerCompany > maxTotal)
    return { field: 'total', message: `at most ${maxTotal} stores in all` };
  return undefined;
}

export const fleetSizeProblem = (size: FleetSize): string | undefined =>
  fleetSizeIssue(size)?.message;

export function generateFleet(size: FleetSize): Fleet {
  const problem = fleetSizeProblem(size);
  if (problem) throw new RangeError(problem);
  const companies: FleetCompany[] = [];
  for (let c = 1; c <= size.companies; c++) {
    const companyId = SYNTHETIC_COMPANY_ID_BASE + c;
    const stores: FleetStore[] = [];
    for (let storeId = 1; storeId <= size.storesPerCompany; storeId++) {
      stores.push(syntheticStore(companyId, storeId));
    }
    companies.push({ companyId, companyName: `Load Company ${companyId}`, stores });
  }
  return { companies };
}

function syntheticStore(companyId: number, storeId: number): FleetStore {
  // Spread versions over a few values so version-dependent screens see variety.
  const variant = (companyId + storeId) % 3;
  const versions: ServiceVersions = {
    serving: `5.${2 + variant}.${10 + variant}`,
    deal: `3.1.${variant}`,
    booking: `2.4.${variant}`,
    pump: `1.9.${3 + variant}`,
    router: `4.${variant}.0`,
    tentacle: `2.0.${variant}`,
  };
  return {
    storeId,
    storeName: `Load Store ${companyId}-${storeId}`,
    isActive: true,
    versions,
    // Every brand of the polesign grid, spread over the stores the same way on every machine.
    poleSignBrand: POLESIGN_BRANDS[(companyId + storeId) % POLESIGN_BRANDS.length]!,
    workstations: [
      ...Array.from({ length: 1 + (storeId % 2) }, (_, i) => `POS${i + 1}`),
      'BOS1',
      ...(storeId % 3 === 0 ? ['KIOSK1'] : []),
    ],
    siteCredentials: { username: 'manager', password: `load-site-${companyId}-${storeId}` },
  };
}
