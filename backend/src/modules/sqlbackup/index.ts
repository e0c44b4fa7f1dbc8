export { SqlBackupModule } from './sql-backup.module';
