import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import { MediaFileAuditController } from './media-file-audit.controller';
import { MediaServiceGuard } from './media-service.guard';
import { AuditEntryDoc, AuditEntrySchema } from './schemas/audit-entry.schema';

/** The audit trail: global, since every area that changes something writes to it. */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: AuditEntryDoc.name, schema: AuditEntrySchema }])],
  controllers: [AuditController, MediaFileAuditController],
  providers: [AuditRepository, AuditService, MediaServiceGuard],
  exports: [AuditService],
})
export class AuditModule {}
