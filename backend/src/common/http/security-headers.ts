import type { NestExpressApplication } from '@nestjs/platform-express';
import { apiHelmetOptions } from '@store-cloud/contracts';
import helmet from 'helmet';
import { ConfigService } from '../../config/config.service';

/** helmet on every answer: an API's CSP, nosniff, no framing, no Referer; HSTS only with HTTPS. */
export function useSecurityHeaders(app: NestExpressApplication): void {
  app.use(helmet(apiHelmetOptions({ https: app.get(ConfigService).get('https') })));
}
