import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CompaniesApiModule } from '../companies/companies-api.module';
import { CompaniesModule } from '../companies/companies.module';
import { LiveStatusModule } from '../live-status/live-status.module';
import { TentaclesModule } from '../tentacles/tentacles.module';
import { Clock } from '../tentacles/clock';
import { SiteCredentialsModule } from '../users/site-credentials/site-credentials.module';
import { UserAccessModule } from '../users/user-access.module';
import { UsersModule } from '../users/users.module';
import { LastAccessedThrottle } from './last-accessed-throttle';
import { IdleConnectionsService } from './idle-connections.service';
import { MessageLogController } from './message-log.controller';
import { MessageLogRepository } from './message-log.repository';
import { MessageQueueService } from './message-queue.service';
import { PortalConnectionsModule } from './portal-connections.module';
import { RelayController } from './relay.controller';
import { OutboxRepository } from './outbox.repository';
import { HeldMessagesSweepService } from './held-messages-sweep.service';
import { MessageLogDoc, MessageLogSchema } from './schemas/message-log.schema';
import { OutboxMessageDoc, OutboxMessageSchema } from './schemas/outbox-message.schema';
import { SiteTokenService } from './site-token.service';
import { SitesController } from './sites.controller';
import { SitesService } from './sites.service';
import { StoreLinkGateway } from './store-link.gateway';

/** Connecting to a store, the relay, the message queue and the message log (issue 5). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: MessageLogDoc.name, schema: MessageLogSchema },
      { name: OutboxMessageDoc.name, schema: OutboxMessageSchema },
    ]),
    PortalConnectionsModule,
    TentaclesModule,
    LiveStatusModule,
    CompaniesModule,
    CompaniesApiModule,
    UsersModule,
    UserAccessModule,
    SiteCredentialsModule,
  ],
  controllers: [SitesController, RelayController, MessageLogController],
  providers: [
    Clock,
    SiteTokenService,
    SitesService,
    StoreLinkGateway,
    MessageQueueService,
    OutboxRepository,
    HeldMessagesSweepService,
    IdleConnectionsService,
    MessageLogRepository,
    LastAccessedThrottle,
  ],
  exports: [SitesService],
})
export class SitesModule {}
