import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BackupJobDoc, BackupJobSchema } from '../backups/schemas/backup-job.schema';
import { RetailStoreDoc, RetailStoreSchema } from '../companies/schemas/retail-store.schema';
import { PortalConnectionsModule } from '../sites/portal-connections.module';
import {
  MessageDeliverySiteDoc,
  MessageDeliverySiteSchema,
} from '../sites/schemas/message-delivery.schema';
import { OutboxMessageDoc, OutboxMessageSchema } from '../sites/schemas/outbox-message.schema';
import { TentaclesModule } from '../tentacles/tentacles.module';
import { FleetGauges } from './fleet-gauges.service';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/**
 * Prometheus metrics of a backend process (issue 28): GET /metrics on an API node, METRICS_PORT
 * on any process, and the cluster gauges. The series live in backend-metrics.ts, where the
 * services that do the work record into them.
 */
@Module({
  imports: [
    TentaclesModule,
    PortalConnectionsModule,
    MongooseModule.forFeature([
      { name: OutboxMessageDoc.name, schema: OutboxMessageSchema },
      { name: MessageDeliverySiteDoc.name, schema: MessageDeliverySiteSchema },
      { name: BackupJobDoc.name, schema: BackupJobSchema },
      { name: RetailStoreDoc.name, schema: RetailStoreSchema },
    ]),
  ],
  controllers: [MetricsController],
  providers: [MetricsService, FleetGauges],
  exports: [MetricsService],
})
export class MetricsModule {}
