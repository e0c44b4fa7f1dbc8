import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import {
  addBackupServerSchema,
  AUDIT_ACTION,
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
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { AuditService, PLATFORM_ACTOR } from '../audit/audit.service';
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
    private readonly audit: AuditService,
  ) {}

  @Get(BACKUP_API.servers)
  servers(): Promise<BackupServer[]> {
    return this.backups.listServers();
  }

  @Post(BACKUP_API.addServer)
  async addServer(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(addBackupServerSchema)
    body: z.output<typeof addBackupServerSchema>,
  ): Promise<BackupServer> {
    const server = await this.backups.addServer(body);
    await this.audit.record(user, {
      action: AUDIT_ACTION.backupServerAdd,
      targetType: 'backupServer',
      target: server.name,
      after: server,
    });
    return server;
  }

  @Patch(BACKUP_API.updateServer)
  async updateServer(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(updateBackupServerSchema)
    body: z.output<typeof updateBackupServerSchema>,
  ): Promise<BackupServer> {
    const name = body.originalName ?? body.name;
    const before = await this.backups.getServer(name).catch(() => undefined);
    const server = await this.backups.updateServer(name, { name: body.name, url: body.url });
    await this.audit.record(user, {
      action: AUDIT_ACTION.backupServerUpdate,
      targetType: 'backupServer',
      target: server.name,
      before,
      after: server,
    });
    return server;
  }

  @Delete(BACKUP_API.deleteServer)
  @HttpCode(204)
  async deleteServer(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(deleteBackupServerQuerySchema)
    query: z.output<typeof deleteBackupServerQuerySchema>,
  ): Promise<void> {
    const before = await this.backups.getServer(query.servername).catch(() => undefined);
    await this.backups.deleteServer(query.servername);
    await this.audit.record(user, {
      action: AUDIT_ACTION.backupServerDelete,
      targetType: 'backupServer',
      target: query.servername,
      before,
    });
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
  async delete(
    @CurrentUser() user: AuthenticatedUser | undefined,
    @ValidQuery(backupIdQuerySchema) query: z.output<typeof backupIdQuerySchema>,
  ): Promise<void> {
    const before = (await this.backups.listBackups()).find((b) => b._id === query.backupId);
    await this.backups.deleteBackup(query.backupId);
    await this.audit.record(user ?? PLATFORM_ACTOR, {
      action: AUDIT_ACTION.backupDelete,
      targetType: 'backup',
      target: query.backupId,
      before,
    });
  }

  @Post(BACKUP_API.runBackup)
  async run(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(runBackupJobSchema) body: z.output<typeof runBackupJobSchema>,
  ): Promise<BackupJobRef> {
    const jobId = await this.jobs.runBackup(body.serverName, user.username);
    await this.audit.record(user, {
      action: AUDIT_ACTION.backupRun,
      targetType: 'backupServer',
      target: body.serverName,
      details: { jobId },
    });
    return { jobId };
  }

  @Post(BACKUP_API.restoreBackup)
  async restore(
    @ValidBody(restoreBackupJobSchema)
    body: z.output<typeof restoreBackupJobSchema>,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<BackupJobRef> {
    const jobId = await this.jobs.restoreBackup(body.backupId, body.serverName, user.username);
    await this.audit.record(user, {
      action: AUDIT_ACTION.backupRestore,
      targetType: 'backup',
      target: body.backupId,
      details: { jobId, server: body.serverName },
    });
    return { jobId };
  }

  @Get(BACKUP_API.job)
  job(
    @ValidQuery(backupJobQuerySchema)
    query: z.output<typeof backupJobQuerySchema>,
  ): Promise<BackupJobStatus> {
    return this.jobs.status(query.jobId);
  }
}
