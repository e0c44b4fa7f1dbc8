import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CompaniesModule } from '../companies';
import { LiveStatusModule } from '../live-status';
import { TentaclesModule } from '../tentacles';
import { BulkActionsController } from './bulk-actions.controller';
import { BulkActionsRepository } from './bulk-actions.repository';
import { BulkActionsService } from './bulk-actions.service';
import { BulkSelectionsController } from './bulk-selections.controller';
import { BulkSelectionsRepository } from './bulk-selections.repository';
import { BulkSelectionsService } from './bulk-selections.service';
import { MediaAppliedGateway } from './media-applied.gateway';
import { SchedulePushAnswers } from './schedule-push-answers';
import {
  BulkActionDoc,
  BulkActionSchema,
  BulkResultDoc,
  BulkResultSchema,
  BulkRetryDoc,
  BulkRetrySchema,
  BulkSelectionDoc,
  BulkSelectionSchema,
} from './schemas/bulk-action.schema';

/**
 * One result grid for every bulk action (issue 32 item 4). The send paths record into
 * BulkActionsService; the kinds it can send or retry itself are registered by the modules that
 * reach the stores (BulkActionRunner), so it imports none of them.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: BulkActionDoc.name, schema: BulkActionSchema },
      { name: BulkResultDoc.name, schema: BulkResultSchema },
      { name: BulkRetryDoc.name, schema: BulkRetrySchema },
      { name: BulkSelectionDoc.name, schema: BulkSelectionSchema },
    ]),
    CompaniesModule,
    TentaclesModule,
    LiveStatusModule,
  ],
  controllers: [BulkActionsController, BulkSelectionsController],
  providers: [
    BulkActionsRepository,
    BulkActionsService,
    BulkSelectionsRepository,
    BulkSelectionsService,
    SchedulePushAnswers,
    MediaAppliedGateway,
  ],
  exports: [BulkActionsService],
})
export class BulkActionsModule {}
