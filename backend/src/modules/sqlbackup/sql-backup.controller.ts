import { Controller, Get } from '@nestjs/common';
import {
  SQL_BACKUP_API,
  type SqlBackupInstallationsResult,
  sqlBackupInstallationsResultSchema,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireEntry } from '../../common/auth/require-entry';
import { SqlBackupService } from './sql-backup.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

/** The SQL backup status screen's call (media spec §7). */
@Controller()
export class SqlBackupController {
  constructor(private readonly sqlBackup: SqlBackupService) {}

  @ApiDoc({
    tag: 'messaging',
    summary: 'SQL backup installations the stores reported',
    answers: ok(sqlBackupInstallationsResultSchema, 'The installations'),
    errors: [403],
  })
  @Get(SQL_BACKUP_API.installations)
  @RequireEntry('sqlbackup')
  installations(@CurrentUser() user: AuthenticatedUser): Promise<SqlBackupInstallationsResult> {
    return this.sqlBackup.installations(user);
  }
}
