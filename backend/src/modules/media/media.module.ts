import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BulkActionsModule } from '../bulk-actions';
import { CompaniesModule } from '../companies';
import { MasterDataModule } from '../master-data';
import { UsersModule } from '../users';
import { PortalConfigMediaController, PortalMediaController } from './media.controller';
import { MediaPreviewController } from './media-preview.controller';
import { MediaPreviewService } from './media-preview.service';
import { MediaAudit } from './media-audit';
import { MediaCompanies } from './media-companies';
import { MediaFoldersService } from './media-folders.service';
import { MediaLimitsService } from './media-limits.service';
import { MediaSchedulesService } from './media-schedules.service';
import { MediaTagsService } from './media-tags.service';
import { StoreMediaService } from './store-media.service';
import { MediaServerClient } from './media-server.client';
import { ScheduleEngine } from './schedule-engine.service';
import { SchedulesRepository } from './schedules.repository';
import { TagTimeZone } from './tag-time-zone';
import { ScheduleDoc, ScheduleSchema } from './schemas/schedule.schema';
import { MediaIdDoc, MediaIdSchema } from './schemas/media-id.schema';
import { MediaIdsRepository } from './media-ids.repository';

/** Central media on the backend: company media folders, tags, limits and the schedule engine. */
@Module({
  imports: [
    BulkActionsModule,
    CompaniesModule,
    MasterDataModule,
    UsersModule,
    MongooseModule.forFeature([
      { name: ScheduleDoc.name, schema: ScheduleSchema },
      { name: MediaIdDoc.name, schema: MediaIdSchema },
    ]),
  ],
  controllers: [PortalMediaController, PortalConfigMediaController, MediaPreviewController],
  providers: [
    MediaCompanies,
    MediaAudit,
    MediaFoldersService,
    MediaTagsService,
    MediaLimitsService,
    MediaSchedulesService,
    StoreMediaService,
    MediaServerClient,
    ScheduleEngine,
    SchedulesRepository,
    MediaPreviewService,
    MediaIdsRepository,
    TagTimeZone,
  ],
  // The alerts count a company's files through it (media-near-limit).
  exports: [MediaServerClient],
})
export class MediaModule {}
