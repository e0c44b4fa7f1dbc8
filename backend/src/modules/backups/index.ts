export { isBlockedAddress, isBlockedHost } from './backup-client';
export { BackupsModule } from './backups.module';
export { BackupJobsService } from './backup-jobs.service';
