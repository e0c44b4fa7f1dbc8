import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  checkMetricsAccess,
  metricsServerPort,
  renderMetrics,
  startMetricsServer,
} from '@store-cloud/node-kit';
import type { Server } from 'node:http';
import { ConfigService } from '../../config/config.service';
import { registry } from '../../common/metrics/backend-metrics';
import { FleetGauges } from './fleet-gauges.service';

/**
 * /metrics of a backend process: on the HTTP port of an API node (METRICS_TOKEN as a bearer
 * token; 404 without one) and on METRICS_PORT when set (the worker's only HTTP; bearer-checked
 * when METRICS_TOKEN is set). The cluster gauges are refreshed before each answer.
 */
@Injectable()
export class MetricsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsService.name);
  private server?: Server;

  constructor(
    private readonly config: ConfigService,
    private readonly fleet: FleetGauges,
  ) {}

  /** The text of a scrape on the HTTP port; throws the 404 or 401 to answer. */
  scrape(authorization: string | undefined): Promise<{ contentType: string; body: string }> {
    checkMetricsAccess(authorization, this.config.get('metricsToken'), false);
    return this.render();
  }

  render() {
    return renderMetrics(registry, () => this.fleet.refresh());
  }

  /** The port the METRICS_PORT server bound (tests ask with METRICS_PORT=0). */
  get port(): number | undefined {
    return this.server ? metricsServerPort(this.server) : undefined;
  }

  async onApplicationBootstrap() {
    const port = this.config.get('metricsPort');
    if (port === undefined) return;
    this.server = await startMetricsServer({
      port,
      host: this.config.get('host'),
      registry,
      token: this.config.get('metricsToken'),
      refresh: () => this.fleet.refresh(),
    });
    this.logger.log(`Metrics on http://${this.config.get('host')}:${this.port}/metrics`);
  }

  async onApplicationShutdown() {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
