import { Module } from '@nestjs/common';
import { BackupsModule } from '../backups';
import { MasterDataModule } from '../master-data';
import { PortalConnectionsModule } from '../portal-connections';
import { SitesModule } from '../sites';
import { TentaclesModule } from '../tentacles';
import { FleetGauges } from './fleet-gauges.service';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/**
 * Prometheus metrics of a backend process (issue 28): GET /metrics on an API node, METRICS_PORT
 * on any process, and the cluster gauges. The series live in backend-metrics.ts, where the
 * services that do the work record into them.
 */
@Module({
  imports: [TentaclesModule, PortalConnectionsModule, BackupsModule, MasterDataModule, SitesModule],
  controllers: [MetricsController],
  providers: [MetricsService, FleetGauges],
  exports: [MetricsService],
})
export class MetricsModule {}
