import { AUDIT_API, auditPageSchema } from '@store-cloud/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

/** One page of the audit trail; the previous page stays shown while the next one loads. */
export const useAuditLog = (filters: AuditFilters) =>
  useQuery({
    queryKey: ['portal', 'auditlog', filters],
    queryFn: ({ signal }) =>
      apiRequest(AUDIT_API.list, auditPageSchema, {
        signal,
        query: Object.fromEntries(
          Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''),
        ) as Record<string, string | number>,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
