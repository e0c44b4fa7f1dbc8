import './worker-tracing';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from './config/env.schema';
import { WorkerModule } from './worker.module';

/**
 * The worker process: BullMQ processors (backups, restores, media schedules) and the
 * cluster-wide sweeps (ping check, idle site connections, schedule reconcile). No HTTP; API
 * nodes (main.ts with BACKEND_ROLE=api) only enqueue. Same environment as the API nodes.
 */
async function bootstrap() {
  const config = { ...loadConfigOrExit(), role: 'worker' as const };
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot({ config }), {
    bufferLogs: true,
    abortOnError: false,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.enableShutdownHooks();
  await app.init();
  logger.log('Worker running backup, restore and media schedule jobs and the sweeps', 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  process.stderr.write(`Worker failed to start: ${text}\n`);
  process.exit(1);
});
