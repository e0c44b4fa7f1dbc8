import { type DynamicModule, Module } from '@nestjs/common';
import { type AppModuleOptions, foundationModules } from './app.module';
import { LiveStatusEmitter } from './modules/live-status/live-status.emitter';
import { LiveStatusModule } from './modules/live-status/live-status.module';
import { BackupsModule } from './modules/backups/backups.module';
import { MediaModule } from './modules/media/media.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { NotificationsModule } from './modules/notifications';
import { AlertsModule } from './modules/alerts';
import { ProofOfPlayModule } from './modules/proof-of-play';
import { SitesModule } from './modules/sites/sites.module';
import { TentaclesModule } from './modules/tentacles/tentacles.module';

/**
 * The worker process's module graph (dist/worker.js, a Nest application context without HTTP):
 * only the modules whose BullMQ processors and cluster-wide sweeps it runs. Backups and restores
 * (BackupsModule), media schedules and their reconcile (MediaModule), the ping check
 * (TentaclesModule), the idle and abandoned site connections sweep (SitesModule), and the audit
 * trail their services write to (AuditModule). Their
 * controllers and gateways are never served here: an application context has no HTTP server
 * and starts no socket.io server, so live status pushes go out through the Redis emitter.
 */
@Module({})
export class WorkerModule {
  static forRoot(options: AppModuleOptions = {}): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ...foundationModules(options),
        TentaclesModule,
        SitesModule,
        BackupsModule,
        MediaModule,
        MetricsModule,
        LiveStatusModule,
        NotificationsModule,
        AlertsModule,
        // Its sweep applies play batches a crash left recorded but not counted.
        ProofOfPlayModule,
      ],
      providers: [LiveStatusEmitter],
    };
  }
}
