import { Controller, HttpCode, Logger, Post, UseGuards } from '@nestjs/common';
import {
  MEDIA_FILE_AUDIT_API,
  type MediaFileChanges,
  type MediaFileChangesResult,
  mediaFileChangesSchema,
  mediaFileChangesResultSchema,
} from '@store-cloud/contracts';
import { Public } from '../../common/auth/public.decorator';
import { ValidBody } from '../../common/pipes/valid-params';
import { AuditService } from './audit.service';
import { mediaFileEvent } from './media-file-event';
import { MediaServiceGuard } from './media-service.guard';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';
import { AuditError } from './audit.errors';

/**
 * The media server's reports of completed file changes (issue 17 point 1). The actor is the user
 * whose token the media server verified for the change; only the media server's key gets here.
 * The answer acknowledges the whole batch: until then the media server keeps it and sends it
 * again, and a change already recorded (same id) is not recorded twice.
 */
@Controller()
@Public()
@UseGuards(MediaServiceGuard)
export class MediaFileAuditController {
  private readonly logger = new Logger(MediaFileAuditController.name);

  constructor(private readonly audit: AuditService) {}

  @ApiDoc({
    tag: 'media',
    summary: 'The media server reports completed file changes for the audit trail',
    description:
      'Uploads, replaces, deletes and moves of media files, each with the user whose token the media server verified. Only the media server calls it (MEDIA_SERVICE_KEY); a change already recorded (same id) is not recorded again.',
    security: ['mediaServiceKey'],
    answers: ok(mediaFileChangesResultSchema, 'Every change is in the audit trail'),
    errors: [503],
  })
  @Post(MEDIA_FILE_AUDIT_API.report)
  @HttpCode(200)
  async report(
    @ValidBody(mediaFileChangesSchema) body: MediaFileChanges,
  ): Promise<MediaFileChangesResult> {
    try {
      for (const change of body.changes)
        await this.audit.recordReported(change.actor, mediaFileEvent(change), {
          eventId: change.id,
          at: new Date(change.at),
        });
    } catch (error) {
      this.logger.error(`Media file changes not recorded: ${String(error)}`);
      throw AuditError.unavailable('The audit trail cannot be written now');
    }
    return { recorded: body.changes.length };
  }
}
