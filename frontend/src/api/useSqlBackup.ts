import { useQuery } from '@tanstack/react-query';
import { adminQueries } from './admin.queries';

/** GET /portal/sqlbackupinstallations; an answer with IsSuccess false counts as a failure. */
export const useSqlBackupInstallations = (enabled = true) =>
  useQuery(adminQueries.sqlBackupInstallations(enabled));
