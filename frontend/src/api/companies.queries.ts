/** Query factories of the companies and stores (spec §7 /portalconfig/*, /portal/allstoresstatus). */
import {
  cloudCompanyListSchema,
  COMPANY_API,
  integrationCompanyListSchema,
  type PortalCompany,
  portalCompanyListSchema,
  retailStoreListSchema,
} from '@store-cloud/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

const byCompanyId = (companies: PortalCompany[]) =>
  [...companies].sort((a, b) => a.companyId - b.companyId);

export const companiesQueries = {
  /** Every configuration list: what a change of a user's access refreshes (spec §4). */
  config: () => ['portalconfig'] as const,
  /** The companies and stores the signed-in user may open (Home), by company id. */
  forUser: () =>
    queryOptions({
      queryKey: ['portalconfig', 'companiesforuser'] as const,
      queryFn: ({ signal }) =>
        apiRequest(COMPANY_API.companiesForUser, portalCompanyListSchema, { signal }),
      select: byCompanyId,
      retry: false,
    }),
  /** The store cloud's companies and stores (master data). */
  cloud: () =>
    queryOptions({
      queryKey: ['portalconfig', 'companies'] as const,
      queryFn: ({ signal }) =>
        apiRequest(COMPANY_API.companies, cloudCompanyListSchema, { signal }),
    }),
  integration: () =>
    queryOptions({
      queryKey: ['portalconfig', 'integrationcompanies'] as const,
      queryFn: ({ signal }) =>
        apiRequest(COMPANY_API.integrationCompanies, integrationCompanyListSchema, { signal }),
    }),
  retailStores: () =>
    queryOptions({
      queryKey: ['portalconfig', 'retailstores'] as const,
      queryFn: ({ signal }) =>
        apiRequest(COMPANY_API.retailStores, retailStoreListSchema, { signal }),
    }),
};
