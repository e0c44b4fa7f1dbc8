import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import {
  addBackupServerSchema,
  type BackupDetail,
  backupIdQuerySchema,
  type BackupJobRef,
  backupJobQuerySchema,
  type BackupJobStatus,
  type BackupServer,
  type BackupSummary,
  deleteBackupServerQuerySchema,
  restoreBackupJobSchema,
  runBackupJobSchema,
  storeBackupSchema,
  updateBackupServerSchema,
  BACKUP_API,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { RequireEntry } from '../../common/auth/require-entry';
import { BACKUP_FORBIDDEN } from './backups.errors';
import { BackupJobsService } from './backup-jobs.service';
import { BackupsService } from './backups.service';

/** The backup screen's calls (spec §7), for a SUPER-ADMIN with the backup app only. */
@Controller()
@RequireEntry('backup', BACKUP_FORBIDDEN)
export class BackupsController {
  constructor(
    private readonly backups: BackupsService,
    private readonly jobs: BackupJobsService,
  ) {}

  @Get(BACKUP_API.servers)
  servers(): Promise<BackupServer[]> {
    return this.backups.listServers();
  }

  @Post(BACKUP_API.addServer)
  addServer(
    @ValidBody(addBackupServerSchema)
    body: z.output<typeof addBackupServerSchema>,
  ): Promise<BackupServer> {
    return this.backups.addServer(body);
  }

  @Patch(BACKUP_API.updateServer)
  updateServer(
    @ValidBody(updateBackupServerSchema)
    body: z.output<typeof updateBackupServerSchema>,
  ): Promise<BackupServer> {
    return this.backups.updateServer(body.originalName ?? body.name, {
      name: body.name,
      url: body.url,
    });
  }

  @Delete(BACKUP_API.deleteServer)
  @HttpCode(204)
  deleteServer(
    @ValidQuery(deleteBackupServerQuerySchema)
    query: z.output<typeof deleteBackupServerQuerySchema>,
  ): Promise<void> {
    return this.backups.deleteServer(query.servername);
  }

  @Get(BACKUP_API.backups)
  list(): Promise<BackupSummary[]> {
    return this.backups.listBackups();
  }

  @Get(BACKUP_API.backup)
  get(
    @ValidQuery(backupIdQuerySchema) query: z.output<typeof backupIdQuerySchema>,
  ): Promise<BackupDetail> {
    return this.backups.getBackup(query.backupId);
  }

  @Post(BACKUP_API.storeBackup)
  store(
    @ValidBody(storeBackupSchema) body: z.output<typeof storeBackupSchema>,
  ): Promise<BackupSummary> {
    return this.backups.storeBackup({ ...body, time: new Date(body.time) });
  }

  @Delete(BACKUP_API.backup)
  @HttpCode(204)
  delete(
    @ValidQuery(backupIdQuerySchema) query: z.output<typeof backupIdQuerySchema>,
  ): Promise<void> {
    return this.backups.deleteBackup(query.backupId);
  }

  @Post(BACKUP_API.runBackup)
  async run(
    @ValidBody(runBackupJobSchema) body: z.output<typeof runBackupJobSchema>,
  ): Promise<BackupJobRef> {
    return { jobId: await this.jobs.runBackup(body.serverName) };
  }

  @Post(BACKUP_API.restoreBackup)
  async restore(
    @ValidBody(restoreBackupJobSchema)
    body: z.output<typeof restoreBackupJobSchema>,
  ): Promise<BackupJobRef> {
    return { jobId: await this.jobs.restoreBackup(body.backupId, body.serverName) };
  }

  @Get(BACKUP_API.job)
  job(
    @ValidQuery(backupJobQuerySchema)
    query: z.output<typeof backupJobQuerySchema>,
  ): Promise<BackupJobStatus> {
    return this.jobs.status(query.jobId);
  }
}
