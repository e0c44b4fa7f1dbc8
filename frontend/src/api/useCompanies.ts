import {
  type CloudCompany,
  cloudCompanyListSchema,
  COMPANY_API,
  integrationCompanyListSchema,
  integrationCompanySchema,
  type PortalCompany,
  portalCompanyListSchema,
  type SaveIntegrationCompany,
  STATUS_REFRESH_MS,
  storeStatusListSchema,
  updateIntegrationCompaniesResultSchema,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';
import { STATUS_QUERY_KEY } from './status-query-keys';

const KEY = {
  companiesForUser: ['portalconfig', 'companiesforuser'] as const,
  storesStatus: STATUS_QUERY_KEY.storesStatus,
  cloudCompanies: ['portalconfig', 'companies'] as const,
  integration: ['portalconfig', 'integrationcompanies'] as const,
};

const byCompanyId = (companies: PortalCompany[]) =>
  [...companies].sort((a, b) => a.companyId - b.companyId);

/** The companies and stores the signed-in user may open (Home), by company id. */
export const useCompaniesForUser = () =>
  useQuery({
    queryKey: KEY.companiesForUser,
    queryFn: ({ signal }) =>
      apiRequest(COMPANY_API.companiesForUser, portalCompanyListSchema, { signal }),
    select: byCompanyId,
    retry: false,
  });

/**
 * Live store statuses, every STATUS_REFRESH_MS while `polling`; a failed refresh stops the
 * polling (spec §4).
 */
export const useAllStoresStatus = (polling: boolean) =>
  useQuery({
    queryKey: KEY.storesStatus,
    queryFn: ({ signal }) =>
      apiRequest(COMPANY_API.allStoresStatus, storeStatusListSchema, { signal }),
    enabled: polling,
    retry: false,
    refetchInterval: (query) =>
      polling && query.state.status !== 'error' ? STATUS_REFRESH_MS : false,
    refetchIntervalInBackground: true,
  });

/** The store cloud's companies and stores (master data), e.g. the ones user access is chosen from. */
export const useCloudCompanies = () =>
  useQuery({
    queryKey: KEY.cloudCompanies,
    queryFn: ({ signal }) => apiRequest(COMPANY_API.companies, cloudCompanyListSchema, { signal }),
  });

export const useIntegrationCompanies = () =>
  useQuery({
    queryKey: KEY.integration,
    queryFn: ({ signal }) =>
      apiRequest(COMPANY_API.integrationCompanies, integrationCompanyListSchema, { signal }),
  });

/** What a change of the evoConnect companies refreshes. */
const COMPANY_CHANGE_KEYS = [KEY.integration, KEY.companiesForUser];

/**
 * Saves the whole list of companies in evoConnect; confirmRemoval names the removed companies
 * the user agreed to remove although they have configuration (409 CONFIRMATION_REQUIRED else).
 */
export const useSaveIntegrationCompanies = () =>
  useInvalidatingMutation(
    COMPANY_CHANGE_KEYS,
    ({ companies, confirmRemoval }: { companies: CloudCompany[]; confirmRemoval?: number[] }) =>
      apiRequest(COMPANY_API.integrationCompanies, integrationCompanyListSchema, {
        method: 'POST',
        body: { companies, ...(confirmRemoval ? { confirmRemoval } : {}) },
      }),
  );

export const useUpdateIntegrationCompanies = () =>
  useInvalidatingMutation(COMPANY_CHANGE_KEYS, () =>
    apiRequest(COMPANY_API.updateIntegrationCompanies, updateIntegrationCompaniesResultSchema, {
      method: 'POST',
      body: {},
    }),
  );

export const useSaveIntegrationCompany = () =>
  useInvalidatingMutation(COMPANY_CHANGE_KEYS, (company: SaveIntegrationCompany) =>
    apiRequest(COMPANY_API.integrationCompany, integrationCompanySchema, {
      method: 'POST',
      body: company,
    }),
  );
