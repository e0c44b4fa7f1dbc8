export { AuditModule } from './audit.module';
export { type AuditActor, AuditService, PLATFORM_ACTOR } from './audit.service';
export { mediaFileEvent } from './media-file-event';
