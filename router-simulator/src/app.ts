import path from 'node:path';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { errorHandler, notFoundHandler, readPackageVersion } from '@store-cloud/node-kit';
import { bosRouter } from './bos/bos.router';
import { fleetRouter } from './control/fleet.router';
import { siteApiRouter } from './site-api/site-api.router';
import { systemRouter } from './control/system.router';
import type { FleetState } from './fleet/fleet-state';

/** The control API, without listening: main serves it, tests drive it with supertest. */
export function createApp(
  fleet: FleetState,
  logger: Logger,
  options: { backendUrl: string } = { backendUrl: 'http://127.0.0.1:3000' },
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    pinoHttp({
      logger,
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  );
  app.use(express.json({ limit: '100kb' }));
  app.use(systemRouter({ version: readPackageVersion(path.resolve(__dirname, '..')) }));
  app.use(fleetRouter(fleet));
  app.use(bosRouter(options));
  app.use(siteApiRouter(fleet));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
