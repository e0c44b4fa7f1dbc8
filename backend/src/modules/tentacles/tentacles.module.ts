import { Module } from '@nestjs/common';
import { LiveStatusModule } from '../live-status/live-status.module';
import { PortalConnectionsModule } from '../sites/portal-connections.module';
import { PingCheckService } from './ping-check.service';
import { StorePingListRepository } from './store-ping-list.repository';
import { TentaclesGateway } from './tentacles.gateway';
import { TentaclesService } from './tentacles.service';

@Module({
  imports: [PortalConnectionsModule, LiveStatusModule],
  providers: [StorePingListRepository, PingCheckService, TentaclesGateway, TentaclesService],
  exports: [TentaclesService],
})
export class TentaclesModule {}
