import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BulkActionsModule } from '../bulk-actions';
import { CompaniesApiModule, CompaniesModule } from '../companies';
import { LiveStatusModule } from '../live-status';
import { TentaclesModule } from '../tentacles';
import { SiteCredentialsModule } from '../site-credentials';
import { SessionsModule } from '../sessions';
import { UserAccessModule, UsersModule } from '../users';
import { BulkMessageRunner } from './bulk-message-runner';
import { LastAccessedThrottle } from './last-accessed-throttle';
import { IdleConnectionsService } from './idle-connections.service';
import { MessageDeliveriesController } from './message-deliveries.controller';
import { MessageDeliveriesRepository } from './message-deliveries.repository';
import { MessageDeliveriesService } from './message-deliveries.service';
import { MessageLogController } from './message-log.controller';
import { MessageLogRepository } from './message-log.repository';
import { MessageLogService } from './message-log.service';
import { MessageQueueService } from './message-queue.service';
import { PortalConnectionsModule } from '../portal-connections';
import { RelayController } from './relay.controller';
import { OutboxRepository } from './outbox.repository';
import { HeldMessagesSweepService } from './held-messages-sweep.service';
import { HeldMessagesOnConnect } from './held-messages-on-connect';
import {
  MessageDeliveryDoc,
  MessageDeliverySchema,
  MessageDeliverySiteDoc,
  MessageDeliverySiteSchema,
  MessageResendDoc,
  MessageResendSchema,
} from './schemas/message-delivery.schema';
import { MessageLogDoc, MessageLogSchema } from './schemas/message-log.schema';
import { OutboxMessageDoc, OutboxMessageSchema } from './schemas/outbox-message.schema';
import { SiteTokenService } from './site-token.service';
import { SitesController } from './sites.controller';
import { RelayService } from './relay.service';
import { SiteAuthService } from './site-auth.service';
import { SiteConnectionsService } from './site-connections.service';
import { SiteLoginService } from './site-login.service';
import { StoreLinkGateway } from './store-link.gateway';

/** Connecting to a store, the relay, the message queue and the message log (issue 5). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: MessageLogDoc.name, schema: MessageLogSchema },
      { name: OutboxMessageDoc.name, schema: OutboxMessageSchema },
      { name: MessageDeliveryDoc.name, schema: MessageDeliverySchema },
      { name: MessageDeliverySiteDoc.name, schema: MessageDeliverySiteSchema },
      { name: MessageResendDoc.name, schema: MessageResendSchema },
    ]),
    PortalConnectionsModule,
    TentaclesModule,
    LiveStatusModule,
    CompaniesModule,
    CompaniesApiModule,
    UsersModule,
    UserAccessModule,
    SessionsModule,
    SiteCredentialsModule,
    BulkActionsModule,
  ],
  controllers: [
    SitesController,
    RelayController,
    MessageLogController,
    MessageDeliveriesController,
  ],
  providers: [
    SiteTokenService,
    SiteConnectionsService,
    SiteLoginService,
    SiteAuthService,
    RelayService,
    StoreLinkGateway,
    MessageQueueService,
    OutboxRepository,
    HeldMessagesSweepService,
    HeldMessagesOnConnect,
    IdleConnectionsService,
    MessageLogRepository,
    MessageLogService,
    MessageDeliveriesRepository,
    MessageDeliveriesService,
    LastAccessedThrottle,
    BulkMessageRunner,
  ],
  // The repositories' counts feed the metrics module's gauges.
  exports: [RelayService, OutboxRepository, MessageDeliveriesRepository],
})
export class SitesModule {}
