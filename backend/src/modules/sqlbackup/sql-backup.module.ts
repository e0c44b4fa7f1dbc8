import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CompaniesModule } from '../companies';
import { UsersModule } from '../users';
import { SqlBackupStoreDoc, SqlBackupStoreSchema } from './schemas/sql-backup-store.schema';
import { SqlBackupController } from './sql-backup.controller';
import { SqlBackupGateway } from './sql-backup.gateway';
import { SqlBackupRepository } from './sql-backup.repository';
import { SqlBackupService } from './sql-backup.service';

/** SQL backup status (issue 8): the stores' reports and the dashboard's list. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: SqlBackupStoreDoc.name, schema: SqlBackupStoreSchema }]),
    CompaniesModule,
    UsersModule,
  ],
  controllers: [SqlBackupController],
  providers: [SqlBackupRepository, SqlBackupService, SqlBackupGateway],
})
export class SqlBackupModule {}
