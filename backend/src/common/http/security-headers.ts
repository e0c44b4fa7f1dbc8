import type { NestExpressApplication } from '@nestjs/platform-express';
import { apiHelmetOptions, CACHE_CONTROL } from '@store-cloud/contracts';
import { malformedPathHandler } from '@store-cloud/node-kit';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { ConfigService } from '../../config/config.service';

/**
 * helmet on every answer: an API's CSP, nosniff, no framing, no Referer; HSTS only with HTTPS.
 * No cache keeps an answer (tokens, private data) unless its handler says otherwise (the status
 * list's ETag revalidation, the docs' own files).
 */
export function useSecurityHeaders(app: NestExpressApplication): void {
  app.use(helmet(apiHelmetOptions({ https: app.get(ConfigService).get('https') })));
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    next();
  });
}

/** Before any route: a path whose percent-encoding does not decode is a 400 (the global filter's). */
export function useRequestPathCheck(app: NestExpressApplication): void {
  app.use(malformedPathHandler);
}
