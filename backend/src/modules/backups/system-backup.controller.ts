import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  type SystemBackupData,
  type SystemRestoreResult,
  type SystemRestoreState,
  systemRestoreSchema,
  systemRestoreStateQuerySchema,
  BACKUP_API,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import { Public } from '../../common/auth/public.decorator';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { SystemBackupGuard } from './backup-access.guard';
import { SystemBackupService } from './system-backup.service';

/** Every backend is itself a backup server (spec §7: GET and POST {url}/portal/systembackup). */
@Controller()
@Public()
@UseGuards(SystemBackupGuard)
export class SystemBackupController {
  constructor(private readonly system: SystemBackupService) {}

  @Get(BACKUP_API.systemBackup)
  export(): Promise<SystemBackupData> {
    return this.system.export();
  }

  @Post(BACKUP_API.systemBackup)
  @HttpCode(200)
  restore(
    @ValidBody(systemRestoreSchema) body: z.output<typeof systemRestoreSchema>,
  ): Promise<SystemRestoreResult> {
    return this.system.restore(body.data, body.restoreId);
  }

  @Get(BACKUP_API.systemRestoreState)
  restoreState(
    @ValidQuery(systemRestoreStateQuerySchema)
    query: z.output<typeof systemRestoreStateQuerySchema>,
  ): Promise<SystemRestoreState> {
    return this.system.restoreState(query.restoreId);
  }
}
