import 'reflect-metadata';
import fs from 'node:fs';
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
    const summary = await context.get(SeedService).run();
    if (summary.generatedPassword && config.adminPasswordFile) {
      keepGeneratedPassword(config.adminPasswordFile, summary.generatedPassword);
    }
    return summary;
  } finally {
    await context.close();
  }
}

/**
 * The generated password, also kept in a file only its owner may read (compose: a volume), so
 * that it is not lost with the first seed container's log. Written when the admin was created.
 */
export function keepGeneratedPassword(file: string, password: string): void {
  const fd = fs.openSync(file, 'w', 0o600);
  try {
    // A file that was already there keeps its mode on open: 600 before anything is written.
    fs.fchmodSync(fd, 0o600);
    fs.writeSync(fd, `${password}\n`);
  } finally {
    fs.closeSync(fd);
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
