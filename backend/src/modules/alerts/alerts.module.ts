import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CompaniesModule } from '../companies';
import { LiveStatusModule } from '../live-status';
import { MediaModule } from '../media';
import { NotificationsModule } from '../notifications';
import { TentaclesModule } from '../tentacles';
import { AlertsSweepService } from './alerts-sweep.service';
import { DailyReports } from './daily-reports';
import { FleetRecordsReader } from './fleet-records.reader';
import { IncidentNotifier } from './incident-notifier';
import { MediaFileCounts } from './media-file-counts';
import { IncidentsController } from './incidents.controller';
import { IncidentsRepository } from './incidents.repository';
import { IncidentsService } from './incidents.service';
import { AlertRulesController } from './rules.controller';
import { AlertRulesRepository } from './rules.repository';
import { AlertRulesService } from './rules.service';
import { AlertRuleDoc, AlertRuleSchema } from './schemas/alert-rule.schema';
import { AlertSubscriptionDoc, AlertSubscriptionSchema } from './schemas/alert-subscription.schema';
import { IncidentDoc, IncidentSchema } from './schemas/incident.schema';
import { WatchedStoreDoc, WatchedStoreSchema } from './schemas/watched-store.schema';
import { AlertSubscriptionsController } from './subscriptions.controller';
import { AlertSubscriptionsRepository } from './subscriptions.repository';
import { AlertSubscriptionsService } from './subscriptions.service';
import { WatchedStoresRepository } from './watched-stores.repository';

/**
 * Alerts (issue 26): rules, incidents and follows/mutes with their routes (API nodes), and the
 * sweep that opens and resolves incidents and hands their notices to NotificationsService (worker).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: AlertRuleDoc.name, schema: AlertRuleSchema },
      { name: IncidentDoc.name, schema: IncidentSchema },
      { name: AlertSubscriptionDoc.name, schema: AlertSubscriptionSchema },
      { name: WatchedStoreDoc.name, schema: WatchedStoreSchema },
    ]),
    CompaniesModule,
    TentaclesModule,
    LiveStatusModule,
    NotificationsModule,
    MediaModule,
  ],
  controllers: [AlertRulesController, IncidentsController, AlertSubscriptionsController],
  providers: [
    AlertRulesRepository,
    AlertRulesService,
    IncidentsRepository,
    IncidentsService,
    AlertSubscriptionsRepository,
    AlertSubscriptionsService,
    WatchedStoresRepository,
    FleetRecordsReader,
    MediaFileCounts,
    IncidentNotifier,
    DailyReports,
    AlertsSweepService,
  ],
  exports: [AlertsSweepService],
})
export class AlertsModule {}
