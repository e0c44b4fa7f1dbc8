import type { NestExpressApplication } from '@nestjs/platform-express';
import { useRequestPathCheck, useSecurityHeaders } from './common/http/security-headers';
import { ConfigService } from './config/config.service';
import { useBackupBodyLimit } from './modules/backups/backup-body-limit';
import { useHttpMetrics } from './modules/metrics/http-metrics';
import { RedisIoAdapter } from './modules/redis/redis-io.adapter';

/** Settings on the HTTP app that main.ts and the test harness share. */
export function configureApp(app: NestExpressApplication): void {
  // Do not advertise the framework to scanners.
  app.disable('x-powered-by');
  // req.ip is the client's: X-Forwarded-For counts only from these hops (login limits, audit, logs).
  app.set('trust proxy', app.get(ConfigService).get('trustedProxies'));
  useHttpMetrics(app);
  useRequestPathCheck(app);
  useSecurityHeaders(app);
  useBackupBodyLimit(app);
  app.useWebSocketAdapter(new RedisIoAdapter(app));
}
