import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  type SystemBackupData,
  type SystemRestoreResult,
  type SystemRestoreState,
  systemRestoreSchema,
  systemRestoreStateQuerySchema,
  BACKUP_API,
  systemBackupDataSchema,
  systemRestoreResultSchema,
  systemRestoreStateSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import { Public } from '../../common/auth/public.decorator';
import { ValidBody, ValidQuery } from '../../common/pipes/valid-params';
import { SystemBackupGuard } from './backup-access.guard';
import { SystemBackupService } from './system-backup.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

/** Every backend is itself a backup server (spec §7: GET and POST {url}/portal/systembackup). */
@Controller()
@Public()
@UseGuards(SystemBackupGuard)
export class SystemBackupController {
  constructor(private readonly system: SystemBackupService) {}

  @ApiDoc({
    tag: 'backups',
    summary: "This server's data, for another backup server",
    security: ['backupKey', 'accessToken'],
    answers: ok(systemBackupDataSchema, 'The data'),
    errors: [403],
  })
  @Get(BACKUP_API.systemBackup)
  export(): Promise<SystemBackupData> {
    return this.system.export();
  }

  @ApiDoc({
    tag: 'backups',
    summary: "Replace this server's data with a backup",
    security: ['backupKey', 'accessToken'],
    answers: ok(systemRestoreResultSchema, 'What was restored'),
    errors: [403, 409, 413],
  })
  @Post(BACKUP_API.systemBackup)
  @HttpCode(200)
  restore(
    @ValidBody(systemRestoreSchema) body: z.output<typeof systemRestoreSchema>,
  ): Promise<SystemRestoreResult> {
    return this.system.restore(body.data, body.restoreId);
  }

  @ApiDoc({
    tag: 'backups',
    summary: 'What became of a restore asked with a restoreId',
    security: ['backupKey', 'accessToken'],
    answers: ok(systemRestoreStateSchema, 'Its outcome'),
    errors: [403],
  })
  @Get(BACKUP_API.systemRestoreState)
  restoreState(
    @ValidQuery(systemRestoreStateQuerySchema)
    query: z.output<typeof systemRestoreStateQuerySchema>,
  ): Promise<SystemRestoreState> {
    return this.system.restoreState(query.restoreId);
  }
}
