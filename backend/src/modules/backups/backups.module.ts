import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SystemBackupGuard } from './backup-access.guard';
import { BackupClient } from './backup-client';
import { BackupJobsRepository } from './backup-jobs.repository';
import { BackupJobsService } from './backup-jobs.service';
import { BackupServersRepository } from './backup-servers.repository';
import { BackupsController } from './backups.controller';
import { BackupsRepository } from './backups.repository';
import { BackupsService } from './backups.service';
import { DatabaseDumpRepository } from './database-dump.repository';
import { BackupJobDoc, BackupJobSchema } from './schemas/backup-job.schema';
import { BackupServerDoc, BackupServerSchema } from './schemas/backup-server.schema';
import { BackupDoc, BackupSchema } from './schemas/backup.schema';
import { SystemBackupController } from './system-backup.controller';
import { SystemBackupService } from './system-backup.service';
import { UserAccessModule } from '../users';
import { CompaniesModule, CredentialsAtRestModule } from '../companies';
import { SessionsModule } from '../sessions';

@Module({
  imports: [
    UserAccessModule,
    CompaniesModule,
    CredentialsAtRestModule,
    SessionsModule,
    MongooseModule.forFeature([
      { name: BackupServerDoc.name, schema: BackupServerSchema },
      { name: BackupDoc.name, schema: BackupSchema },
      { name: BackupJobDoc.name, schema: BackupJobSchema },
    ]),
  ],
  controllers: [BackupsController, SystemBackupController],
  providers: [
    BackupServersRepository,
    BackupsRepository,
    DatabaseDumpRepository,
    BackupClient,
    BackupsService,
    SystemBackupService,
    BackupJobsRepository,
    BackupJobsService,
    SystemBackupGuard,
  ],
  exports: [BackupJobsService],
})
export class BackupsModule {}
