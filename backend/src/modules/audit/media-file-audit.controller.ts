import { Controller, HttpCode, Logger, Post, UseGuards } from '@nestjs/common';
import {
  MEDIA_FILE_AUDIT_API,
  type MediaFileChanges,
  type MediaFileChangesResult,
  mediaFileChangesSchema,
} from '@store-cloud/contracts';
import { Public } from '../../common/auth/public.decorator';
import { UnavailableError } from '@store-cloud/node-kit';
import { ValidBody } from '../../common/pipes/valid-params';
import { AuditService } from './audit.service';
import { mediaFileEvent } from './media-file-event';
import { MediaServiceGuard } from './media-service.guard';

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
      throw new UnavailableError('The audit trail cannot be written now');
    }
    return { recorded: body.changes.length };
  }
}
