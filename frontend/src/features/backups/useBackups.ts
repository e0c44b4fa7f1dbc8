/** React-query hooks of the server backup screen (spec §7 backup calls), parsed with contracts. */
import {
  type AddBackupServerRequest,
  BACKUP_API,
  backupJobRefSchema,
  backupServerSchema,
  type UpdateBackupServerRequest,
} from '@store-cloud/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/api-client';
import { useInvalidatingMutation } from '../../api/useInvalidatingMutation';
import { backupsQueries } from './backups.queries';

export { isJobOver } from './backups.queries';

/** DELETE answers 204 without a body. */
const noContent = z.null();
const SERVERS = [backupsQueries.servers().queryKey];
const BACKUPS = [backupsQueries.list().queryKey];

export const useBackupServers = () => useQuery(backupsQueries.servers());

export const useBackupList = () => useQuery(backupsQueries.list());

export const useBackupDetail = (backupId: string | undefined) =>
  useQuery(backupsQueries.detail(backupId));

export const useAddServer = () =>
  useInvalidatingMutation(SERVERS, (body: AddBackupServerRequest) =>
    apiRequest(BACKUP_API.addServer, backupServerSchema, { method: 'POST', body }),
  );

export const useUpdateServer = () =>
  useInvalidatingMutation(SERVERS, (body: UpdateBackupServerRequest) =>
    apiRequest(BACKUP_API.updateServer, backupServerSchema, { method: 'PATCH', body }),
  );

export const useDeleteServer = () =>
  useInvalidatingMutation(SERVERS, (servername: string) =>
    apiRequest(BACKUP_API.deleteServer, noContent, { method: 'DELETE', query: { servername } }),
  );

export const useDeleteBackup = () =>
  useInvalidatingMutation(BACKUPS, (backupId: string) =>
    apiRequest(BACKUP_API.backup, noContent, { method: 'DELETE', query: { backupId } }),
  );

export const useRunBackup = () =>
  useInvalidatingMutation([], (serverName: string) =>
    apiRequest(BACKUP_API.runBackup, backupJobRefSchema, {
      method: 'POST',
      body: { serverName },
    }),
  );

export const useRestoreBackup = () =>
  useInvalidatingMutation([], (body: { backupId: string; serverName: string }) =>
    apiRequest(BACKUP_API.restoreBackup, backupJobRefSchema, { method: 'POST', body }),
  );

/** A job's state, asked again until it completed or failed. */
export const useBackupJob = (jobId: string | undefined) => useQuery(backupsQueries.job(jobId));

export const useRefreshBackups = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: backupsQueries.list().queryKey });
};
