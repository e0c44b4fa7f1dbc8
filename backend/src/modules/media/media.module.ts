import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CompaniesModule } from '../companies/companies.module';
import { UsersModule } from '../users/users.module';
import { PortalConfigMediaController, PortalMediaController } from './media.controller';
import { MediaPreviewController } from './media-preview.controller';
import { MediaPreviewService } from './media-preview.service';
import { MediaService } from './media.service';
import { MediaServerClient } from './media-server.client';
import { ScheduleEngine } from './schedule-engine.service';
import { SchedulesRepository } from './schedules.repository';
import { ScheduleDoc, ScheduleSchema } from './schemas/schedule.schema';

/** Central media on the backend: company media folders, tags, limits and the schedule engine. */
@Module({
  imports: [
    CompaniesModule,
    UsersModule,
    MongooseModule.forFeature([{ name: ScheduleDoc.name, schema: ScheduleSchema }]),
  ],
  controllers: [PortalMediaController, PortalConfigMediaController, MediaPreviewController],
  providers: [
    MediaService,
    MediaServerClient,
    ScheduleEngine,
    SchedulesRepository,
    MediaPreviewService,
  ],
  // The alerts count a company's files through it (media-near-limit).
  exports: [MediaServerClient],
})
export class MediaModule {}
