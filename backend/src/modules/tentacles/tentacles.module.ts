import { Module } from '@nestjs/common';
import { LiveStatusModule } from '../live-status';
import { PortalConnectionsModule } from '../portal-connections';
import { OnlineStoresView } from './online-stores.view';
import { PingCheckService } from './ping-check.service';
import { StorePingListRepository } from './store-ping-list.repository';
import { TentaclesGateway } from './tentacles.gateway';
import { TentaclesService } from './tentacles.service';

@Module({
  imports: [PortalConnectionsModule, LiveStatusModule],
  providers: [
    StorePingListRepository,
    OnlineStoresView,
    PingCheckService,
    TentaclesGateway,
    TentaclesService,
  ],
  exports: [TentaclesService],
})
export class TentaclesModule {}
