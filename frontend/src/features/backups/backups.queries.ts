/** Query factories of the server backup screen (spec §7 backup calls), parsed with contracts. */
import {
  BACKUP_API,
  backupDetailSchema,
  backupJobStatusSchema,
  backupListSchema,
  backupServerListSchema,
  type BackupJobStatus,
} from '@store-cloud/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/api-client';

/** While a job runs its state is asked for this often. */
const JOB_POLL_MS = 1000;

/** Whether a job's state is final: completed or failed. */
export const isJobOver = (status?: BackupJobStatus) =>
  status?.state === 'completed' || status?.state === 'failed';

export const backupsQueries = {
  servers: () =>
    queryOptions({
      queryKey: ['backups', 'servers'] as const,
      queryFn: ({ signal }) => apiRequest(BACKUP_API.servers, backupServerListSchema, { signal }),
    }),
  list: () =>
    queryOptions({
      queryKey: ['backups', 'list'] as const,
      queryFn: ({ signal }) => apiRequest(BACKUP_API.backups, backupListSchema, { signal }),
    }),
  detail: (backupId: string | undefined) =>
    queryOptions({
      queryKey: ['backups', 'detail', backupId ?? ''] as const,
      enabled: !!backupId,
      queryFn: ({ signal }) =>
        apiRequest(BACKUP_API.backup, backupDetailSchema, {
          signal,
          query: { backupId: backupId ?? '' },
        }),
    }),
  /** A job's state, asked again every JOB_POLL_MS until it completed or failed. */
  job: (jobId: string | undefined) =>
    queryOptions({
      queryKey: ['backups', 'job', jobId ?? ''] as const,
      enabled: !!jobId,
      queryFn: ({ signal }) =>
        apiRequest(BACKUP_API.job, backupJobStatusSchema, {
          signal,
          query: { jobId: jobId ?? '' },
        }),
      refetchInterval: (query) => (isJobOver(query.state.data) ? false : JOB_POLL_MS),
    }),
};
