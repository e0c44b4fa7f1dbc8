import { METRICS_PATH } from '@store-cloud/contracts';
import { checkMetricsAccess, renderMetrics } from '@store-cloud/node-kit';
import { type RequestHandler, Router } from 'express';
import { registry } from './media-metrics';
import type { MediaUsage } from './media-usage';

/** GET /metrics on the media server's port: METRICS_TOKEN as a bearer token, 404 without one. */
export function metricsRouter(options: { token?: string; usage: MediaUsage }): Router {
  const router = Router();
  router.get(METRICS_PATH, (async (req, res, next) => {
    try {
      checkMetricsAccess(req.headers.authorization, options.token, false);
      const { contentType, body } = await renderMetrics(registry, () => options.usage.refresh());
      res.type(contentType).send(body);
    } catch (error) {
      next(error);
    }
  }) as RequestHandler);
  return router;
}
