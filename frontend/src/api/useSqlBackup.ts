import { SQL_BACKUP_API, sqlBackupInstallationsResultSchema } from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** GET /portal/sqlbackupinstallations; an answer with IsSuccess false counts as a failure. */
export const useSqlBackupInstallations = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['portal', 'sqlbackupinstallations'],
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
  });
