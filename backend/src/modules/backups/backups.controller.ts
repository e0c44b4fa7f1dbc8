import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
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
} from '@store-cloud/contracts';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { BackupPermissionGuard } from './backup-access.guard';
import { BackupJobsService } from './backup-jobs.service';
import { BackupsService } from './backups.service';

/** The backup screen's calls (spec §7), for a SUPER-ADMIN with the backup app only. */
@Controller('portal')
@UseGuards(BackupPermissionGuard)
export class BackupsController {
  constructor(
    private readonly backups: BackupsService,
    private readonly jobs: BackupJobsService,
  ) {}

  @Get('backupserverslist')
  servers(): Promise<BackupServer[]> {
    return this.backups.listServers();
  }

  @Post('addbackupserver')
  addServer(
    @Body(new ZodValidationPipe(addBackupServerSchema))
    body: z.output<typeof addBackupServerSchema>,
  ): Promise<BackupServer> {
    return this.backups.addServer(body);
  }

  @Patch('updatebackupserver')
  updateServer(
    @Body(new ZodValidationPipe(updateBackupServerSchema))
    body: z.output<typeof updateBackupServerSchema>,
  ): Promise<BackupServer> {
    return this.backups.updateServer(body.originalName ?? body.name, {
      name: body.name,
      url: body.url,
    });
  }

  @Delete('backupserver')
  @HttpCode(204)
  deleteServer(
    @Query(new ZodValidationPipe(deleteBackupServerQuerySchema))
    query: z.output<typeof deleteBackupServerQuerySchema>,
  ): Promise<void> {
    return this.backups.deleteServer(query.servername);
  }

  @Get('backupslist')
  list(): Promise<BackupSummary[]> {
    return this.backups.listBackups();
  }

  @Get('backup')
  get(
    @Query(new ZodValidationPipe(backupIdQuerySchema)) query: z.output<typeof backupIdQuerySchema>,
  ): Promise<BackupDetail> {
    return this.backups.getBackup(query.backupId);
  }

  @Post('storebackup')
  store(
    @Body(new ZodValidationPipe(storeBackupSchema)) body: z.output<typeof storeBackupSchema>,
  ): Promise<BackupSummary> {
    return this.backups.storeBackup({ ...body, time: new Date(body.time) });
  }

  @Delete('backup')
  @HttpCode(204)
  delete(
    @Query(new ZodValidationPipe(backupIdQuerySchema)) query: z.output<typeof backupIdQuerySchema>,
  ): Promise<void> {
    return this.backups.deleteBackup(query.backupId);
  }

  @Post('runbackup')
  async run(
    @Body(new ZodValidationPipe(runBackupJobSchema)) body: z.output<typeof runBackupJobSchema>,
  ): Promise<BackupJobRef> {
    return { jobId: await this.jobs.runBackup(body.serverName) };
  }

  @Post('restorebackup')
  async restore(
    @Body(new ZodValidationPipe(restoreBackupJobSchema))
    body: z.output<typeof restoreBackupJobSchema>,
  ): Promise<BackupJobRef> {
    return { jobId: await this.jobs.restoreBackup(body.backupId, body.serverName) };
  }

  @Get('backupjob')
  job(
    @Query(new ZodValidationPipe(backupJobQuerySchema))
    query: z.output<typeof backupJobQuerySchema>,
  ): Promise<BackupJobStatus> {
    return this.jobs.status(query.jobId);
  }
}
