import { Module } from '@nestjs/common';
import { SitesModule } from '../sites';
import { MessagingController } from './messaging.controller';
import { MessagingService } from './messaging.service';

/**
 * The Message screen's backend (issue 8): workstations and POS main params of a store. The
 * messenger calls themselves (/api/v1/broadcastMessage, /loglevel/{level}, /messagehistory with
 * d=em) go through the relay of SitesModule, which checks the Message Manager application.
 */
@Module({
  imports: [SitesModule],
  controllers: [MessagingController],
  providers: [MessagingService],
})
export class MessagingModule {}
