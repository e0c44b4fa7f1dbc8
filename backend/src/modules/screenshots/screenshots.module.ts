import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TentaclesModule } from '../tentacles';
import { ScreenshotDoc, ScreenshotSchema } from './schemas/screenshot.schema';
import { ScreenLinkGateway } from './screen-link.gateway';
import { ScreenshotsController } from './screenshots.controller';
import { ScreenshotsRepository } from './screenshots.repository';
import { ScreenshotsService } from './screenshots.service';

/** Screens seen from the portal (issue 32 item 3). */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: ScreenshotDoc.name, schema: ScreenshotSchema }]),
    TentaclesModule,
  ],
  controllers: [ScreenshotsController],
  providers: [ScreenLinkGateway, ScreenshotsRepository, ScreenshotsService],
})
export class ScreenshotsModule {}
