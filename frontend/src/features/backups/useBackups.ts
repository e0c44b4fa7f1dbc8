/** React-query hooks of the server backup screen (spec §7 backup calls), parsed with contracts. */
import {
  type AddBackupServerRequest,
  BACKUP_API,
  backupDetailSchema,
  backupJobRefSchema,
  backupJobStatusSchema,
  backupListSchema,
  backupServerListSchema,
  backupServerSchema,
  type BackupJobStatus,
  type UpdateBackupServerRequest,
} from '@store-cloud/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/api-client';
import { useInvalidatingMutation } from '../../api/useInvalidatingMutation';

/** While a job runs its state is asked for this often. */
const JOB_POLL_MS = 1000;

const KEY = {
  servers: ['backups', 'servers'] as const,
  backups: ['backups', 'list'] as const,
  backup: (id: string) => ['backups', 'detail', id] as const,
  job: (id: string) => ['backups', 'job', id] as const,
};
/** DELETE answers 204 without a body. */
const noContent = z.null();

export const useBackupServers = () =>
  useQuery({
    queryKey: KEY.servers,
    queryFn: ({ signal }) => apiRequest(BACKUP_API.servers, backupServerListSchema, { signal }),
  });

export const useBackupList = () =>
  useQuery({
    queryKey: KEY.backups,
    queryFn: ({ signal }) => apiRequest(BACKUP_API.backups, backupListSchema, { signal }),
  });

export const useBackupDetail = (backupId: string | undefined) =>
  useQuery({
    queryKey: KEY.backup(backupId ?? ''),
    enabled: !!backupId,
    queryFn: ({ signal }) =>
      apiRequest(BACKUP_API.backup, backupDetailSchema, {
        signal,
        query: { backupId: backupId ?? '' },
      }),
  });

export const useAddServer = () =>
  useInvalidatingMutation([KEY.servers], (body: AddBackupServerRequest) =>
    apiRequest(BACKUP_API.addServer, backupServerSchema, { method: 'POST', body }),
  );

export const useUpdateServer = () =>
  useInvalidatingMutation([KEY.servers], (body: UpdateBackupServerRequest) =>
    apiRequest(BACKUP_API.updateServer, backupServerSchema, { method: 'PATCH', body }),
  );

export const useDeleteServer = () =>
  useInvalidatingMutation([KEY.servers], (servername: string) =>
    apiRequest(BACKUP_API.deleteServer, noContent, { method: 'DELETE', query: { servername } }),
  );

export const useDeleteBackup = () =>
  useInvalidatingMutation([KEY.backups], (backupId: string) =>
    apiRequest(BACKUP_API.backup, noContent, { method: 'DELETE', query: { backupId } }),
  );

export const useRunBackup = () =>
  useMutation({
    mutationFn: (serverName: string) =>
      apiRequest(BACKUP_API.runBackup, backupJobRefSchema, {
        method: 'POST',
        body: { serverName },
      }),
  });

export const useRestoreBackup = () =>
  useMutation({
    mutationFn: (body: { backupId: string; serverName: string }) =>
      apiRequest(BACKUP_API.restoreBackup, backupJobRefSchema, { method: 'POST', body }),
  });

/** Whether a job's state is final: completed or failed. */
export const isJobOver = (status?: BackupJobStatus) =>
  status?.state === 'completed' || status?.state === 'failed';

/** A job's state, asked again every JOB_POLL_MS until it completed or failed. */
export const useBackupJob = (jobId: string | undefined) =>
  useQuery({
    queryKey: KEY.job(jobId ?? ''),
    enabled: !!jobId,
    queryFn: ({ signal }) =>
      apiRequest(BACKUP_API.job, backupJobStatusSchema, { signal, query: { jobId: jobId ?? '' } }),
    refetchInterval: (query) => (isJobOver(query.state.data) ? false : JOB_POLL_MS),
  });

export const useRefreshBackups = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY.backups });
};
