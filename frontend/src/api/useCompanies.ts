import {
  type CloudCompany,
  COMPANY_API,
  integrationCompanyListSchema,
  integrationCompanySchema,
  type SaveIntegrationCompany,
  updateIntegrationCompaniesResultSchema,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { companiesQueries } from './companies.queries';
import { useInvalidatingMutation } from './useInvalidatingMutation';
import { statusQueries } from './status.queries';

/** The companies and stores the signed-in user may open (Home), by company id. */
export const useCompaniesForUser = () => useQuery(companiesQueries.forUser());

/** Live store statuses while `polling` (spec §4). */
export const useAllStoresStatus = (polling: boolean) =>
  useQuery(statusQueries.storesStatus(polling));

/** The store cloud's companies and stores (master data), e.g. the ones user access is chosen from. */
export const useCloudCompanies = () => useQuery(companiesQueries.cloud());

export const useIntegrationCompanies = () => useQuery(companiesQueries.integration());

/** What a change of the evoConnect companies refreshes. */
const COMPANY_CHANGES = [
  companiesQueries.integration().queryKey,
  companiesQueries.forUser().queryKey,
];

/**
 * Saves the whole list of companies in evoConnect; confirmRemoval names the removed companies
 * the user agreed to remove although they have configuration (409 CONFIRMATION_REQUIRED else).
 */
export const useSaveIntegrationCompanies = () =>
  useInvalidatingMutation(
    COMPANY_CHANGES,
    ({ companies, confirmRemoval }: { companies: CloudCompany[]; confirmRemoval?: number[] }) =>
      apiRequest(COMPANY_API.integrationCompanies, integrationCompanyListSchema, {
        method: 'POST',
        body: { companies, ...(confirmRemoval ? { confirmRemoval } : {}) },
      }),
  );

export const useUpdateIntegrationCompanies = () =>
  useInvalidatingMutation(COMPANY_CHANGES, () =>
    apiRequest(COMPANY_API.updateIntegrationCompanies, updateIntegrationCompaniesResultSchema, {
      method: 'POST',
      body: {},
    }),
  );

export const useSaveIntegrationCompany = () =>
  useInvalidatingMutation(COMPANY_CHANGES, (company: SaveIntegrationCompany) =>
    apiRequest(COMPANY_API.integrationCompany, integrationCompanySchema, {
      method: 'POST',
      body: company,
    }),
  );
