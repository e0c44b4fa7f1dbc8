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
  backupServerListSchema,
  backupServerSchema,
  backupListSchema,
  backupDetailSchema,
  backupSummarySchema,
  backupJobRefSchema,
  backupJobStatusSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { PLATFORM_ACTOR } from '../audit';
import { BACKUP_FORBIDDEN } from './backups.errors';
import { BackupJobsService } from './backup-jobs.service';
import { BackupsService } from './backups.service';
import { ApiDoc, ok, created, noContent } from '../../common/openapi/api-doc.decorator';

/** The backup screen's calls (spec §7), for a SUPER-ADMIN with the backup app only. */
@Controller()
@RequireEntry('backup', BACKUP_FORBIDDEN)
export class BackupsController {
  constructor(
    private readonly backups: BackupsService,
    private readonly jobs: BackupJobsService,
  ) {}

  @ApiDoc({
    tag: 'backups',
    summary: 'The backup servers',
    answers: ok(backupServerListSchema, 'The servers'),
    errors: [403],
  })
  @Get(BACKUP_API.servers)
  servers(): Promise<BackupServer[]> {
    return this.backups.listServers();
  }

  @ApiDoc({
    tag: 'backups',
    summary: 'Add a backup server',
    answers: created(backupServerSchema, 'The server'),
    errors: [403, 409],
  })
  @Post(BACKUP_API.addServer)
  addServer(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(addBackupServerSchema)
    body: z.output<typeof addBackupServerSchema>,
  ): Promise<BackupServer> {
    return this.backups.addServer(user, body);
  }

  @ApiDoc({
    tag: 'backups',
    summary: 'Change a backup server',
    answers: ok(backupServerSchema, 'The server'),
    errors: [403, 404, 409],
  })
  @Patch(BACKUP_API.updateServer)
  updateServer(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(updateBackupServerSchema)
    body: z.output<typeof updateBackupServerSchema>,
  ): Promise<BackupServer> {
    const name = body.originalName ?? body.name;
    return this.backups.updateServer(user, name, { name: body.name, url: body.url });
  }

  @ApiDoc({
    tag: 'backups',
    summary: 'Remove a backup server',
    answers: noContent,
    errors: [403, 404],
  })
  @Delete(BACKUP_API.deleteServer)
  @HttpCode(204)
  async deleteServer(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(deleteBackupServerQuerySchema)
    query: z.output<typeof deleteBackupServerQuerySchema>,
  ): Promise<void> {
    await this.backups.deleteServer(user, query.servername);
  }

  @ApiDoc({
    tag: 'backups',
    summary: 'The stored backups',
    answers: ok(backupListSchema, 'The backups'),
    errors: [403],
  })
  @Get(BACKUP_API.backups)
  list(): Promise<BackupSummary[]> {
    return this.backups.listBackups();
  }

  @ApiDoc({
    tag: 'backups',
    summary: 'One stored backup',
    answers: ok(backupDetailSchema, 'The backup'),
    errors: [403, 404],
  })
  @Get(BACKUP_API.backup)
  get(
    @ValidQuery(backupIdQuerySchema) query: z.output<typeof backupIdQuerySchema>,
  ): Promise<BackupDetail> {
    return this.backups.getBackup(query.backupId);
  }

  @ApiDoc({
    tag: 'backups',
    summary: 'Store a backup sent by another server',
    answers: created(backupSummarySchema, 'The stored backup'),
    errors: [403, 409, 413],
  })
  @Post(BACKUP_API.storeBackup)
  store(
    @ValidBody(storeBackupSchema) body: z.output<typeof storeBackupSchema>,
  ): Promise<BackupSummary> {
    return this.backups.storeBackup({ ...body, time: new Date(body.time) });
  }

  @ApiDoc({
    tag: 'backups',
    summary: 'Delete a stored backup',
    answers: noContent,
    errors: [403, 404],
  })
  @Delete(BACKUP_API.backup)
  @HttpCode(204)
  async delete(
    @CurrentUser() user: AuthenticatedUser | undefined,
    @ValidQuery(backupIdQuerySchema) query: z.output<typeof backupIdQuerySchema>,
  ): Promise<void> {
    await this.backups.deleteBackup(user ?? PLATFORM_ACTOR, query.backupId);
  }

  @ApiDoc({
    tag: 'backups',
    summary: 'Start a backup job to a backup server',
    answers: created(backupJobRefSchema, 'The job'),
    errors: [403, 404, 409],
  })
  @Post(BACKUP_API.runBackup)
  async run(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(runBackupJobSchema) body: z.output<typeof runBackupJobSchema>,
  ): Promise<BackupJobRef> {
    return { jobId: await this.jobs.runBackup(user, body.serverName) };
  }

  @ApiDoc({
    tag: 'backups',
    summary: 'Start a restore job from a backup server',
    answers: created(backupJobRefSchema, 'The job'),
    errors: [403, 404, 409],
  })
  @Post(BACKUP_API.restoreBackup)
  async restore(
    @ValidBody(restoreBackupJobSchema)
    body: z.output<typeof restoreBackupJobSchema>,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<BackupJobRef> {
    return { jobId: await this.jobs.restoreBackup(user, body.backupId, body.serverName) };
  }

  @ApiDoc({
    tag: 'backups',
    summary: 'The state of a backup or restore job',
    answers: ok(backupJobStatusSchema, 'The job'),
    errors: [403, 404],
  })
  @Get(BACKUP_API.job)
  job(
    @ValidQuery(backupJobQuerySchema)
    query: z.output<typeof backupJobQuerySchema>,
  ): Promise<BackupJobStatus> {
    return this.jobs.status(query.jobId);
  }
}
