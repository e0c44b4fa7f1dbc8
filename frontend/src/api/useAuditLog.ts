import { useQuery } from '@tanstack/react-query';
import { adminQueries, type AuditFilters } from './admin.queries';

export type { AuditFilters } from './admin.queries';

/** One page of the audit trail; the previous page stays shown while the next one loads. */
export const useAuditLog = (filters: AuditFilters) => useQuery(adminQueries.auditLog(filters));
