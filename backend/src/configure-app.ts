import type { NestExpressApplication } from '@nestjs/platform-express';
import { useSecurityHeaders } from './common/http/security-headers';
import { useBackupBodyLimit } from './modules/backups/backup-body-limit';
import { RedisIoAdapter } from './modules/tentacles/redis-io.adapter';

/** Settings on the HTTP app that main.ts and the test harness share. */
export function configureApp(app: NestExpressApplication): void {
  // Do not advertise the framework to scanners.
  app.disable('x-powered-by');
  useSecurityHeaders(app);
  useBackupBodyLimit(app);
  app.useWebSocketAdapter(new RedisIoAdapter(app));
}
