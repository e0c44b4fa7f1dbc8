import './tracing';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { boundUrl } from '@store-cloud/node-kit';
import { AppModule } from './app.module';
import { configureApp } from './configure-app';
import { loadConfigOrExit } from './config/env.schema';

async function bootstrap() {
  // Parse the environment before Nest starts, so a bad value is one clear message, not a DI trace.
  const config = loadConfigOrExit();
  if (config.role === 'worker') {
    process.stderr.write('BACKEND_ROLE=worker is the worker process: run dist/worker.js\n');
    process.exit(1);
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config }), {
    bufferLogs: true,
    abortOnError: false,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  configureApp(app);
  app.enableShutdownHooks();
  await app.listen(config.port, config.host);
  // What the socket really bound (HOST may be a name, PORT 0), not what was asked for.
  logger.log(`Backend listening on ${boundUrl(app.getHttpServer())}`, 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  // Startup failed (database unreachable, port taken): one line, no trace dump.
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  process.stderr.write(`Backend failed to start: ${text}\n`);
  process.exit(1);
});
