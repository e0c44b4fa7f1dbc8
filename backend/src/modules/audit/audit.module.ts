import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import { AuditEntryDoc, AuditEntrySchema } from './schemas/audit-entry.schema';

@Module({
  imports: [MongooseModule.forFeature([{ name: AuditEntryDoc.name, schema: AuditEntrySchema }])],
  providers: [AuditRepository, AuditService],
  exports: [AuditService],
})
export class AuditModule {}
