import 'reflect-metadata';
import { type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClockModule } from './common/clock/clock';
import { DatabaseModule } from './common/database/database.module';
import { ConfigModule } from './config/config.module';
import { loadConfigOrExit } from './config/env.schema';
import { RedisModule } from './modules/redis/redis.module';
import { SeedModule } from './modules/seed/seed.module';
import {
  describeSeed,
  SeedError,
  type SeedSummary,
  SeedService,
} from './modules/seed/seed.service';

export { describeSeed, type SeedSummary } from './modules/seed/seed.service';

/**
 * Seeds the database of a running app (tests pass theirs), or of a context built from the
 * environment for `node dist/seed.js`. Idempotent.
 */
export async function runSeed(app?: INestApplicationContext): Promise<SeedSummary> {
  if (app) return app.get(SeedService).run();
  const config = loadConfigOrExit();

  @Module({
    imports: [ConfigModule.forRoot(config), ClockModule, DatabaseModule, RedisModule, SeedModule],
  })
  class SeedCliModule {}

  const context = await NestFactory.createApplicationContext(SeedCliModule, {
    logger: ['error', 'warn'],
    // Throw to main() (one clear line) instead of Nest printing a trace and aborting.
    abortOnError: false,
  });
  try {
    return await context.get(SeedService).run();
  } finally {
    await context.close();
  }
}

async function main() {
  try {
    const summary = await runSeed();
    process.stdout.write(`${describeSeed(summary)}\n`);
    // The only place a password is ever printed: once, when it was generated.
    if (summary.generatedPassword) {
      process.stdout.write(
        `Generated password for ${summary.admin.username}: ${summary.generatedPassword}\n`,
      );
    }
  } catch (error) {
    process.stderr.write(
      `Seed failed: ${error instanceof SeedError ? error.message : oneLine(error)}\n`,
    );
    process.exit(1);
  }
}

function oneLine(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

if (require.main === module) void main();
