import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { errorHandler, notFoundHandler } from './common/http-errors';
import { readPackageVersion } from './common/package-version';
import type { MediaConfig } from './config/media-config';
import { systemRouter } from './system/system.router';

/** The whole HTTP surface, without listening: main serves it, tests drive it with supertest. */
export function createApp(config: MediaConfig, logger: Logger): Express {
  const app = express();
  app.disable('x-powered-by');
  // Behind nginx (compose) or the Vite proxy: take the client address from X-Forwarded-For.
  app.set('trust proxy', 'loopback, uniquelocal');
  app.use(
    pinoHttp({
      logger,
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  );
  app.use(systemRouter({ version: readPackageVersion(), mediaRoot: config.mediaRoot }));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
