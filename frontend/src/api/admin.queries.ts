/** Query factories of the administration screens: audit trail, API tokens, SQL backup, version. */
import {
  API,
  API_TOKEN_API,
  apiTokenListSchema,
  AUDIT_API,
  auditPageSchema,
  SQL_BACKUP_API,
  sqlBackupInstallationsResultSchema,
  versionInfoSchema,
} from '@store-cloud/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The Audit screen's filters, as GET /portal/auditlog takes them (empty ones left out). */
export interface AuditFilters {
  from?: string;
  to?: string;
  user?: string;
  action?: string;
  company?: number;
  page: number;
  pageSize: number;
}

export const adminQueries = {
  /** One page of the audit trail; the previous page stays shown while the next one loads. */
  auditLog: (filters: AuditFilters) =>
    queryOptions({
      queryKey: ['portal', 'auditlog', filters] as const,
      queryFn: ({ signal }) =>
        apiRequest(AUDIT_API.list, auditPageSchema, {
          signal,
          query: Object.fromEntries(
            Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''),
          ) as Record<string, string | number>,
        }),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  apiTokens: () =>
    queryOptions({
      queryKey: ['portal', 'apitokens'] as const,
      queryFn: ({ signal }) => apiRequest(API_TOKEN_API.list, apiTokenListSchema, { signal }),
    }),
  /** GET /portal/sqlbackupinstallations; an answer with IsSuccess false counts as a failure. */
  sqlBackupInstallations: (enabled = true) =>
    queryOptions({
      enabled,
      queryKey: ['portal', 'sqlbackupinstallations'] as const,
      queryFn: async ({ signal }) => {
        const result = await apiRequest(
          SQL_BACKUP_API.installations,
          sqlBackupInstallationsResultSchema,
          { signal },
        );
        if (!result.IsSuccess) throw new Error('IsSuccess false');
        return result.Data;
      },
      retry: false,
    }),
  /** The cloud service's version with its node, express and mongo versions (About dialog). */
  version: (enabled = true) =>
    queryOptions({
      queryKey: ['version'] as const,
      queryFn: ({ signal }) => apiRequest(API.version, versionInfoSchema, { signal }),
      enabled,
      staleTime: Infinity,
    }),
};
