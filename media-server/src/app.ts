import { apiHelmetOptions, CACHE_CONTROL } from '@store-cloud/contracts';
import {
  errorHandler,
  httpMetricsMiddleware,
  malformedPathHandler,
  notFoundHandler,
  readPackageVersion,
  REQUEST_LOG_OPTIONS,
} from '@store-cloud/node-kit';
import path from 'node:path';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { type FileAudit, NO_FILE_AUDIT } from './audit/file-audit';
import { BackendMediaLimits, type MediaLimits } from './auth/media-limits';
import { BackendTokenVerifier, type TokenVerifier } from './auth/token-verifier';
import type { MediaConfig } from './config/media-config';
import { docsRouter } from './docs/docs.router';
import { declaredBodyLimit } from './media/body-limit';
import { mediaRouter } from './media/media.router';
import { diskFullHandler } from './storage/media-root.storage';
import type { MediaStorage } from './storage/media-storage';
import { mediaStorageOf } from './storage/media-storage-of';
import { MEDIA_METRICS } from './metrics/media-metrics';
import { type MediaUsage, mediaUsage } from './metrics/media-usage';
import { metricsRouter } from './metrics/metrics.router';
import { systemRouter } from './system/system.router';

/** The whole HTTP surface, without listening: main serves it, tests drive it with supertest. */
export function createApp(
  config: MediaConfig,
  logger: Logger,
  deps: {
    verifier?: TokenVerifier;
    limits?: MediaLimits;
    audit?: FileAudit;
    usage?: MediaUsage;
    storage?: MediaStorage;
  } = {},
): Express {
  const storage = deps.storage ?? mediaStorageOf(config);
  const app = express();
  app.disable('x-powered-by');
  // Behind nginx (compose) or the Vite proxy: take the client address from X-Forwarded-For.
  app.set('trust proxy', 'loopback, uniquelocal');
  app.use(helmet(apiHelmetOptions({ https: config.https })));
  app.use(httpMetricsMiddleware(MEDIA_METRICS.http));
  app.use(pinoHttp({ logger, ...REQUEST_LOG_OPTIONS }));
  app.use(malformedPathHandler, declaredBodyLimit);
  const version = readPackageVersion(path.resolve(__dirname, '..'));
  app.use(
    systemRouter({
      version,
      mediaRoot: config.mediaRoot,
      storage,
      minFreeBytes: config.minFreeBytes,
    }),
  );
  app.use(docsRouter({ version }));
  app.use(
    metricsRouter({ token: config.metricsToken, usage: deps.usage ?? mediaUsage(config, storage) }),
  );
  // Lists and files of a company, for a token: no cache keeps them (files say otherwise).
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    next();
  });
  app.use(
    mediaRouter({
      mediaRoot: config.mediaRoot,
      storage,
      verifier: deps.verifier ?? new BackendTokenVerifier(config.backendUrl),
      limits: deps.limits ?? new BackendMediaLimits(config.backendUrl),
      fit: { maxWidth: config.maxWidth, maxHeight: config.maxHeight },
      audit: deps.audit ?? NO_FILE_AUDIT,
    }),
  );
  app.use(notFoundHandler);
  app.use(diskFullHandler, errorHandler);
  return app;
}
