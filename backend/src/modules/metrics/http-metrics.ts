import type { NestExpressApplication } from '@nestjs/platform-express';
import { httpMetricsMiddleware } from '@store-cloud/node-kit';
import { BACKEND_METRICS } from '../../common/metrics/backend-metrics';

/** Times every HTTP request by route template and status (before any route, so 404s count). */
export function useHttpMetrics(app: NestExpressApplication): void {
  app.use(httpMetricsMiddleware(BACKEND_METRICS.http));
}
