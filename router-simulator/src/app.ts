import path from 'node:path';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { apiHelmetOptions } from '@store-cloud/contracts';
import {
  errorHandler,
  malformedPathHandler,
  notFoundHandler,
  readPackageVersion,
  REQUEST_LOG_OPTIONS,
} from '@store-cloud/node-kit';
import helmet from 'helmet';
import { bosRouter } from './bos/bos.router';
import { fleetRouter } from './control/fleet.router';
import { siteApiRouter } from './site-api/site-api.router';
import { systemRouter } from './control/system.router';
import type { FleetState } from './fleet/fleet-state';
import { playerRouter, type StorePlayers } from './player/player.router';

/** The control API, without listening: main serves it, tests drive it with supertest. */
export function createApp(
  fleet: FleetState,
  logger: Logger,
  options: { backendUrl: string; portalOrigins?: string[]; players?: StorePlayers } = {
    backendUrl: 'http://127.0.0.1:3000',
  },
): Express {
  const app = express();
  app.disable('x-powered-by');
  // The API's headers; the back-office pages loosen the framing ones (bos.router.ts).
  app.use(helmet(apiHelmetOptions({ https: false })));
  // The back-office pages carry the site token in their query; the log blanks it.
  app.use(pinoHttp({ logger, ...REQUEST_LOG_OPTIONS }));
  app.use(malformedPathHandler);
  app.use(express.json({ limit: '100kb' }));
  app.use(systemRouter({ version: readPackageVersion(path.resolve(__dirname, '..')) }));
  app.use(fleetRouter(fleet));
  app.use(
    bosRouter({ backendUrl: options.backendUrl, portalOrigins: options.portalOrigins ?? [] }),
  );
  app.use(siteApiRouter(fleet));
  app.use(playerRouter(options.players ?? new Map()));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
