import { Controller, Get } from '@nestjs/common';
import {
  MEDIA_PREVIEW_API,
  MEDIA_SERVER_TEXT,
  type StoreMediaAt,
  storeMediaAtQuerySchema,
  storeMediaAtSchema,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { RequireAccess } from '../../common/auth/require-access';
import { RequireEntry } from '../../common/auth/require-entry';
import { ValidQuery } from '../../common/pipes/valid-params';
import { MediaPreviewService } from './media-preview.service';
import { ApiDoc, ok } from '../../common/openapi/api-doc.decorator';

/** GET /portal/storemediaat: what a store shows at a time (issue 17 point 3). */
@Controller()
@RequireEntry('media', MEDIA_SERVER_TEXT.noMediaPermission)
export class MediaPreviewController {
  constructor(private readonly preview: MediaPreviewService) {}

  @RequireAccess('query', storeMediaAtQuerySchema, { company: (q) => q.c })
  @ApiDoc({
    tag: 'media',
    summary: 'What a store shows at a time, from its tags and schedules (pending ones included)',
    description: "With the timeline of the store's schedules for the next 14 days.",
    answers: ok(storeMediaAtSchema, 'The files and the timeline'),
    errors: [403, 404],
  })
  @Get(MEDIA_PREVIEW_API.storeMediaAt)
  storeMediaAt(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(storeMediaAtQuerySchema)
    q: z.output<typeof storeMediaAtQuerySchema>,
  ): Promise<StoreMediaAt> {
    return this.preview.storeMediaAt(user, q.c, q.s, q.at);
  }
}
